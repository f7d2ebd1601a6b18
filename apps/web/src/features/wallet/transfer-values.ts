import {
  type WalletTransaction,
  type WalletTransferBody,
  type WalletTransferUpdateBody,
  walletTransferBody,
} from '@helo/contract/wallet';
import { z } from 'zod';
import { amountOf, amountText } from '../../components/ui/currency-rules.ts';

/** A transfer as its form holds it: the amount as the currency input's string (always positive). */
export interface TransferValues {
  from_account_id: string;
  to_account_id: string;
  date: string;
  amount: string;
  note: string;
}

function wireOf(values: TransferValues): Record<string, unknown> {
  const note = values.note.trim();
  return {
    from_account_id: values.from_account_id,
    to_account_id: values.to_account_id,
    date: values.date.trim() === '' ? undefined : values.date,
    amount: amountOf(values.amount),
    note: note === '' ? null : note,
  };
}

/** The form's schema: what the contract accepts, and the two accounts told apart before asking. */
export const transferForm = z
  .object({
    from_account_id: z.string(),
    to_account_id: z.string(),
    date: z.string(),
    amount: amountText,
    note: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.from_account_id === '')
      ctx.addIssue({ code: 'custom', path: ['from_account_id'], message: 'Choose the account the money leaves' });
    if (values.to_account_id === '')
      ctx.addIssue({ code: 'custom', path: ['to_account_id'], message: 'Choose the account the money goes to' });
    if (values.from_account_id !== '' && values.from_account_id === values.to_account_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['to_account_id'],
        message: 'Choose another account than the one the money leaves',
      });
    }
    const parsed = walletTransferBody.safeParse(wireOf(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === 'from_account_id' || issue.path[0] === 'to_account_id') continue;
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });

export const transferBodyOf = (values: TransferValues): WalletTransferBody => walletTransferBody.parse(wireOf(values));

export const transferUpdateBodyOf = (values: TransferValues, version: number): WalletTransferUpdateBody => ({
  ...transferBodyOf(values),
  version,
});

export const blankTransfer = (today: string, from = '', to = ''): TransferValues => ({
  from_account_id: from,
  to_account_id: to,
  date: today,
  amount: '',
  note: '',
});

/** A saved transfer as its edit form starts. */
export const transferValuesOf = (t: WalletTransaction): TransferValues => ({
  from_account_id: t.transfer?.from_account_id ?? '',
  to_account_id: t.transfer?.to_account_id ?? '',
  date: t.date.slice(0, 10),
  amount: String(Math.abs(t.amount)),
  note: t.note ?? '',
});

/**
 * What a row of the list says it is: 'Transfer to Savings' in the account the money left, 'Transfer
 * from Checking' in the one it went to (the list filtered by account shows it from that account).
 */
export function transferTitle(t: WalletTransaction, names: ReadonlyMap<string, string>): string {
  const from = names.get(t.transfer?.from_account_id ?? '') ?? 'another account';
  const to = names.get(t.transfer?.to_account_id ?? '') ?? 'another account';
  return t.amount < 0 ? `Transfer to ${to}` : `Transfer from ${from}`;
}
