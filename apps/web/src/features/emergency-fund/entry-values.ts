import { type EmergencyFundEntryBody, ENTRY_KINDS, emergencyFundEntryBody } from '@helo/contract/emergency-fund';
import { z } from 'zod';
import { amountOf, amountText } from '../../components/ui/currency-rules.ts';
import { formatDay } from '../../lib/display-format.ts';

/** A deposit or a withdrawal as the form holds it: the amount as the currency input's string. */
export interface EntryValues {
  kind: (typeof ENTRY_KINDS)[number];
  amount: string;
  date: string;
  note: string;
}

function wireOf(values: EntryValues): Record<string, unknown> {
  const note = values.note.trim();
  return {
    kind: values.kind,
    amount: amountOf(values.amount),
    date: values.date.trim() === '' ? undefined : values.date,
    ...(note === '' ? {} : { note }),
  };
}

/** The server's words for a day before the fund was set up (api lib/day-rules.ts), said before sending. */
export const beforeFundMessage = (firstDay: string) =>
  `Date can not be before ${formatDay(firstDay)}, the day you set up the fund`;

/**
 * The entry form's schema: what the contract accepts, each of its messages on its field; with
 * `firstDay` (the fund's `entries_from`), a day before it is refused as the server would.
 */
export function entryFormFrom(firstDay: string | null) {
  return z
    .object({ kind: z.enum(ENTRY_KINDS), amount: amountText, date: z.string(), note: z.string() })
    .superRefine((values, ctx) => {
      const parsed = emergencyFundEntryBody.safeParse(wireOf(values));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }
        return;
      }
      if (firstDay !== null && parsed.data.date < firstDay) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: beforeFundMessage(firstDay) });
      }
    });
}

/** The schema of an entry whose owner takes any day that happened (a goal's). */
export const entryForm = entryFormFrom(null);

/** The body to send, from values the form's schema passed. */
export function entryBodyOf(values: EntryValues): EmergencyFundEntryBody {
  return emergencyFundEntryBody.parse(wireOf(values));
}

/** A fresh form: a deposit dated `today`. */
export const blankEntry = (today: string): EntryValues => ({ kind: 'deposit', amount: '', date: today, note: '' });
