import { z } from 'zod';
import { calendarDay } from './dates.ts';
import { ENTRIES_PAGE_DEFAULT, ENTRIES_PAGE_MAX, entriesPageQuery } from './entries-page.ts';
import { envelope } from './envelope.ts';
import { text } from './fields.ts';
import { dollarAmount, dollars } from './money.ts';

/**
 * The emergency fund (spec "Emergency fund onboarding", issue 12). One per user. Amounts are dollars
 * on the wire; the saved amount is always the starting amount plus the ledger's entries.
 */

export const ENTRY_NOTE_MAX = 200;
export { ENTRIES_PAGE_DEFAULT, ENTRIES_PAGE_MAX };
/** Percent of the 3-month target at which a milestone notification is created, once each. */
export const EMERGENCY_FUND_MILESTONES = [25, 50, 75, 100] as const;

/**
 * The setup answers, as the spec's client sends them (create and edit alike). `is_saving` may be
 * null (not answered); when it is not true the saved amount is stored as 0, so the client may leave
 * it out or send the cleared value.
 */
export const emergencyFundBody = z
  .object({
    is_saving: z.boolean({ error: 'Are you saving must be yes or no' }).nullable(),
    saved_amount: dollarAmount('Saved amount').nullish(),
    monthly_income: dollarAmount('Monthly income'),
    monthly_saving: dollarAmount('Monthly saving'),
    monthly_saving_want: dollarAmount('Monthly saving you want'),
  })
  .superRefine((body, ctx) => {
    if (body.is_saving === true && (body.saved_amount === undefined || body.saved_amount === null)) {
      ctx.addIssue({ code: 'custom', path: ['saved_amount'], message: 'Saved amount is required' });
    }
  });
export type EmergencyFundBody = z.input<typeof emergencyFundBody>;

export const emergencyFundPlan = z.object({
  /** 3 and 6 months of `monthly_expenses`. */
  target_low: dollars(),
  target_high: dollars(),
  /** Saved ÷ the 3-month target, percent with two decimals, at most 100. */
  progress_percent: z.number(),
  /** Months of saving `monthly_saving_want` until each target; null when it never gets there. */
  months_to_low: z.number().int().nullable(),
  months_to_high: z.number().int().nullable(),
});

export const emergencyFund = z.object({
  id: z.string(),
  is_saving: z.boolean().nullable(),
  /** What the user had when they set the fund up; the ledger's entries add to it. */
  starting_amount: dollars(),
  /** starting_amount + deposits − withdrawals. */
  saved_amount: dollars(),
  monthly_income: dollars(),
  monthly_saving: dollars(),
  monthly_saving_want: dollars(),
  /** The monthly expenses the targets are built on, and where they came from. */
  monthly_expenses: dollars(),
  expenses_source: z.enum(['budget', 'income']),
  plan: emergencyFundPlan,
  /** The highest milestone (percent of the 3-month target) already announced: 0, 25, 50, 75 or 100. */
  milestone_reached: z.number().int(),
  /** The first day an entry may be dated: the day the fund was set up (as seen out west: Hawaii's). */
  entries_from: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EmergencyFund = z.infer<typeof emergencyFund>;
export const emergencyFundResponse = envelope(emergencyFund);

export const ENTRY_KINDS = ['deposit', 'withdrawal'] as const;

export const emergencyFundEntryBody = z.object({
  kind: z.enum(ENTRY_KINDS, { error: 'Kind must be deposit or withdrawal' }),
  // At least a cent once converted: 5e-324 is above 0 yet converts to 0 cents.
  amount: dollarAmount('Amount').refine((v) => Math.round(v * 100) >= 1, 'Amount must be more than $0'),
  date: calendarDay('Date'),
  note: text('Note').trim().max(ENTRY_NOTE_MAX, `Note can be at most ${ENTRY_NOTE_MAX} characters`).optional(),
});
export type EmergencyFundEntryBody = z.input<typeof emergencyFundEntryBody>;

export const emergencyFundEntry = z.object({
  id: z.string(),
  kind: z.enum(ENTRY_KINDS),
  amount: dollars(),
  date: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type EmergencyFundEntry = z.infer<typeof emergencyFundEntry>;

/** Newest first (by date, then by when it was recorded), a page at a time. */
export const emergencyFundEntriesQuery = entriesPageQuery;
export const emergencyFundEntriesResponse = envelope(z.array(emergencyFundEntry)).extend({
  next_cursor: z.string().nullable(),
});
/** Adding or deleting an entry answers the entry and the fund as it now stands. */
export const emergencyFundEntryResponse = envelope(z.object({ entry: emergencyFundEntry, fund: emergencyFund }));
export const emergencyFundAfterDeleteResponse = envelope(z.object({ fund: emergencyFund }));
export const emergencyFundEntryParams = z.object({ id: text('Entry id').max(64) });
