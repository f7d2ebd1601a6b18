import { UNCATEGORIZED } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { Cents } from '@helo/finance/cents';
import { merchantName } from '@helo/finance/merchant-name';
import type { JournalInput } from '../ledger/index.ts';
import { outsideAccountFor, WALLET_KIND } from './wallet.repository.ts';

/** A transaction as a bank gives it: a file's row, or a connection's. */
export interface BankRow {
  date: string;
  payee: string;
  note: string | null;
  amountCents: number;
  /** The bank's id of it: the same id in the same account is the same transaction. */
  externalId: string | null;
  /** The bank's own category of it (a CSV's category column, a QIF's L), when the bank gives one. */
  bankCategory?: string | null;
}

/**
 * How a bank's transactions become My Wallet's journals in the user's accounts, for a file's import
 * and a connection's sync alike: Uncategorized, money out against the spending account
 * 'Uncategorized', money in against that income, each keeping its bank id in its account (so the same
 * one is never added twice). The payee shown is the merchant name made of the bank's description
 * ("TRADER JOE S #552 SAN FRANCISCO CA" is "Trader Joe's"; the description itself when nothing is left
 * of it), and the bank's description is kept beside it (searchable, for rules). The outside accounts are made (if new) on `db` before any journal is
 * staged; the answer builds each row's journal into the account given.
 */
export async function bankRowJournals(
  db: Db,
  userId: string,
  rows: readonly { amountCents: number }[],
  createdAt: Date,
): Promise<(row: BankRow, accountId: string) => JournalInput> {
  const out = rows.some((r) => r.amountCents < 0) ? (await outsideAccountFor(db, userId, UNCATEGORIZED, -1)).id : '';
  const into = rows.some((r) => r.amountCents > 0) ? (await outsideAccountFor(db, userId, UNCATEGORIZED, 1)).id : '';
  return (r, accountId) => ({
    date: r.date,
    kind: WALLET_KIND,
    description: merchantName(r.payee) || r.payee,
    originalDescription: r.payee,
    bankCategory: r.bankCategory ?? null,
    note: r.note,
    externalId: r.externalId,
    externalAccountId: accountId,
    createdAt,
    lines: [
      { accountId, amountCents: r.amountCents as Cents },
      { accountId: r.amountCents > 0 ? into : out, amountCents: -r.amountCents as Cents },
    ],
  });
}
