import type { Db } from '@helo/db/client';
import type { LedgerAccountRow } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { type AccountKind, accountClass } from '@helo/finance/ledger';
import { notFound } from '../../lib/http-error.ts';
import { findAccounts, hasPostings, insertAccount, upsertKeyedAccount } from './ledger.repository.ts';

export type LedgerAccount = LedgerAccountRow;

export interface NewAccount {
  kind: AccountKind;
  name: string;
  institution?: string | null;
  lastFour?: string | null;
  neverBelowZero?: boolean;
}

/** A new account of the user's own (a checking account, a card): several may share a kind and a name. */
export async function createAccount(db: Db, userId: string, account: NewAccount): Promise<LedgerAccount> {
  return insertAccount(db, { userId, ...account });
}

/**
 * The one account that stands for a subject of another area (a goal's, a loan's: `subjectId`) or the
 * outside account of a kind and name ("Groceries" spending); made on first use, the same one after.
 */
export async function ensureAccount(
  db: Db,
  userId: string,
  account: NewAccount & { subjectId?: string },
): Promise<LedgerAccount> {
  if (!account.subjectId && accountClass(account.kind) !== 'external') {
    throw new Error(`ledger: a ${account.kind} account is kept by subject; give its subjectId`);
  }
  return upsertKeyedAccount(db, { userId, ...account });
}

/** The user's accounts with their balances (all of them, or those of `ids` that are the user's). */
export async function accountsOf(db: Db, userId: string, ids?: readonly string[]): Promise<LedgerAccount[]> {
  return findAccounts(db, userId, ids);
}

/** One account's balance: one row, however many postings it has. Another user's account is a 404. */
export async function balanceOf(db: Db, userId: string, accountId: string): Promise<Cents> {
  const [account] = await findAccounts(db, userId, [accountId]);
  if (!account) throw notFound('Account not found');
  return account.balanceCents;
}

/** Whether the account has never been posted to (only such an account may be deleted). */
export async function isEmpty(db: Db, accountId: string): Promise<boolean> {
  return !(await hasPostings(db, accountId));
}
