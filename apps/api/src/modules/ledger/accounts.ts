import type { Db } from '@helo/db/client';
import type { LedgerAccountRow } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { type AccountKind, accountClass } from '@helo/finance/ledger';
import { notFound } from '../../lib/http-error.ts';
import {
  deleteAccountRow,
  findAccounts,
  hasPostings,
  insertAccount,
  lockAccount,
  upsertKeyedAccount,
  writeAccountFields,
} from './ledger.repository.ts';

export type LedgerAccount = LedgerAccountRow;

export interface NewAccount {
  kind: AccountKind;
  name: string;
  institution?: string | null;
  lastFour?: string | null;
  neverBelowZero?: boolean;
  /** When it was opened (the caller's clock); the database's time when absent. */
  createdAt?: Date;
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

/** The user's account, locked until the transaction ends; undefined for another user's or none. */
export async function lockOwnAccount(tx: Db, userId: string, accountId: string): Promise<LedgerAccount | undefined> {
  return lockAccount(tx, userId, accountId);
}

/** What of an account is the user's to change: its name and where it is held, never its money or kind. */
export interface AccountFields {
  name: string;
  institution: string | null;
  lastFour: string | null;
}

/** Saves the fields of an account the caller has locked, counting the save in `version`. */
export async function saveAccountFields(tx: Db, account: LedgerAccount, fields: AccountFields): Promise<LedgerAccount> {
  return writeAccountFields(tx, account.id, { ...fields, version: account.version + 1 });
}

/**
 * Removes an account the caller has locked: deleted while it has never been posted to; otherwise
 * closed (postings are never deleted, so the account stays for its history, hidden and closed to new
 * journals). The caller has moved or reversed what it held.
 */
export async function closeAccount(tx: Db, account: LedgerAccount, at: Date): Promise<'deleted' | 'closed'> {
  if (!(await hasPostings(tx, account.id))) {
    await deleteAccountRow(tx, account.id);
    return 'deleted';
  }
  await writeAccountFields(tx, account.id, { closedAt: at, version: account.version + 1 });
  return 'closed';
}
