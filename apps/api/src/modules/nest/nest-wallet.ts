import type { Db } from '@helo/db/client';
import { type SQL, sql } from 'drizzle-orm';
import { subjectBalanceSql } from '../ledger/index.ts';

/**
 * The Money Nest's Wallet (issue 27): the user's account "Wallet" in the ledger, a checking account
 * made when the Nest is activated, kept by subject (the Nest's row, whose key is the user's id) so it
 * is found whatever the user renames it to. Its transactions are My Wallet's.
 */
const walletKey = (userId: string) => ({ kind: 'checking' as const, subjectId: userId });

/** Whether the account is the Nest's Wallet. */
export const isNestWallet = (account: { kind: string; subjectId: string | null; userId: string }) =>
  account.kind === 'checking' && account.subjectId === account.userId;

/**
 * The Wallet's balance in cents as one SQL expression: the ledger's balance of the Wallet account, which
 * holds the Money Nest's Wallet shares and every transaction of the Wallet (one row, however many).
 */
export const nestWalletBalanceSql = (userId: string): SQL =>
  sql`coalesce(${subjectBalanceSql(userId, walletKey(userId).kind, userId)}, 0)`;

/** The Wallet's balance (see nestWalletBalanceSql). */
export async function nestWalletBalance(db: Db, userId: string): Promise<number> {
  const result = (await db.execute(sql`select ${nestWalletBalanceSql(userId)} as cents`)) as {
    rows: { cents: string | number }[];
  };
  // sum() of bigint is numeric: it arrives as a string, exact.
  return Number(result.rows[0]?.cents ?? 0);
}
