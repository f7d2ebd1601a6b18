import type { Db } from '@helo/db/client';
import {
  ledgerAccounts,
  nestAccounts,
  walletTransactions as transactions,
  type WalletTransactionRow,
} from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { and, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { EntryCursor } from '../emergency-fund/emergency-fund.repository.ts';
import { notStaged } from './import/staging.repository.ts';

/** What a transaction's form writes; the rest (ids, import, version, times) the table or the service fills. */
export interface TransactionFields {
  date: string;
  payee: string;
  amountCents: Cents;
  category: string;
  note: string | null;
}

/** The list's filters, as the service has checked them. */
export interface TransactionFilter {
  from?: string | undefined;
  to?: string | undefined;
  /** A category name, matched in any case. */
  category?: string | undefined;
  /** A piece of the payee or the note, matched in any case. */
  search?: string | undefined;
}

/**
 * The search expression exactly as `wallet_transactions_search_idx` indexes it: only this text lets
 * PostgreSQL answer `LIKE '%…%'` from the trigram index instead of reading every row of the user.
 */
const searchable = sql`lower(${transactions.payee} || ' ' || coalesce(${transactions.note}, ''))`;

/** `q` as a LIKE pattern: `%`, `_` and the escape character itself match only themselves. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Payee or note holds `q`, in any case (lower() on both sides: PostgreSQL's own case folding). */
export const searchCondition = (q: string): SQL => sql`${searchable} like lower(${likePattern(q)})`;

function filtered(userId: string, filter: TransactionFilter, after?: EntryCursor): SQL | undefined {
  return and(
    eq(transactions.userId, userId),
    notStaged(userId),
    filter.from ? gte(transactions.date, filter.from) : undefined,
    filter.to ? lte(transactions.date, filter.to) : undefined,
    filter.category ? sql`lower(${transactions.category}) = lower(${filter.category})` : undefined,
    filter.search ? searchCondition(filter.search) : undefined,
    after
      ? sql`(${transactions.date}, ${transactions.createdAt}, ${transactions.id}) < (${after.date}::date, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined,
  );
}

/**
 * One page of the user's transactions, newest first (date, time added, id: the order of
 * `wallet_transactions_user_idx`), strictly after `after`.
 */
export async function listTransactions(
  db: Db,
  userId: string,
  filter: TransactionFilter,
  limit: number,
  after?: EntryCursor,
): Promise<{ rows: WalletTransactionRow[]; more: boolean }> {
  const rows = await pageQuery(db, userId, filter, limit + 1, after);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** The page's statement, not yet run (the bench EXPLAINs it). */
export const pageQuery = (db: Db, userId: string, filter: TransactionFilter, limit: number, after?: EntryCursor) =>
  db
    .select()
    .from(transactions)
    .where(filtered(userId, filter, after))
    .orderBy(desc(transactions.date), desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);

export async function insertTransaction(
  tx: Db,
  userId: string,
  fields: TransactionFields,
  now: Date,
): Promise<WalletTransactionRow> {
  const [row] = await tx
    .insert(transactions)
    .values({ userId, ...fields, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no transaction');
  return row;
}

/** The user's transaction, locked until the transaction ends (an edit checks its version on it). */
export async function lockTransaction(tx: Db, userId: string, id: string): Promise<WalletTransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId), notStaged(userId)))
    .for('update');
  return row;
}

/** Writes the locked transaction's new fields, counted in `version`. */
export async function updateTransaction(
  tx: Db,
  userId: string,
  id: string,
  fields: TransactionFields,
  now: Date,
): Promise<WalletTransactionRow> {
  const [row] = await tx
    .update(transactions)
    .set({ ...fields, version: sql`${transactions.version} + 1`, updatedAt: now })
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId)))
    .returning();
  if (!row) throw new Error('update of a locked transaction found no row');
  return row;
}

/** Whether the user had that transaction (and now has not). */
export async function deleteTransaction(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId), notStaged(userId)))
    .returning({ id: transactions.id });
  return rows.length > 0;
}

/**
 * The Wallet's balance in cents: the Wallet account of the ledger (what the Money Nest put in it)
 * plus every wallet transaction. One statement, so both are read at one instant.
 */
export async function walletBalance(db: Db, userId: string): Promise<number> {
  const result = (await db.execute(balanceQuery(userId))) as { rows: { cents: string | number }[] };
  // sum() of bigint is numeric: it arrives as a string, exact.
  return Number(result.rows[0]?.cents ?? 0);
}

/** The balance's statement (the bench EXPLAINs it). */
export const balanceQuery = (userId: string): SQL => sql`
    select coalesce((
      -- The Wallet account (ledger, issue 27): one per user, its subject the user (walletAccount).
      select ${ledgerAccounts.balanceCents} from ${ledgerAccounts}
      where ${ledgerAccounts.userId} = ${userId} and ${ledgerAccounts.kind} = 'checking'
        and ${ledgerAccounts.subjectId} = ${userId}
    ), 0) + coalesce((
      -- The running total the triggers of migration 0015 keep (summing 100,000 rows took ~50 ms).
      select ${nestAccounts.walletTransactionsCents} from ${nestAccounts} where ${nestAccounts.userId} = ${userId}
    ), 0) as cents`;

/** Each category name's money out and money in (both positive) from `first` up to, not including, `next`. */
export async function categoryFlows(
  db: Db,
  userId: string,
  first: string,
  next: string,
): Promise<{ name: string; outCents: number; inCents: number }[]> {
  const rows = await flowsQuery(db, userId, first, next);
  return rows.map((r) => ({ name: r.name, outCents: Number(r.out), inCents: Number(r.in) }));
}

/** The month's statement (the bench EXPLAINs it). */
export const flowsQuery = (db: Db, userId: string, first: string, next: string) =>
  db
    .select({
      name: transactions.category,
      out: sql<string>`coalesce(sum(-${transactions.amountCents}) filter (where ${transactions.amountCents} < 0), 0)`,
      in: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.amountCents} > 0), 0)`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        notStaged(userId),
        gte(transactions.date, first),
        lt(transactions.date, next),
      ),
    )
    .groupBy(transactions.category);
