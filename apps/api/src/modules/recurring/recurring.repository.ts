import type { Db } from '@helo/db/client';
import {
  type RecurringPaymentRow,
  type RecurringSeriesRow,
  recurringDismissed,
  recurringPayments,
  recurringSeries,
} from '@helo/db/schema';
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { linkedGroupsSql, liveGroupsSql } from '../ledger/index.ts';

/** My Wallet's journals (the wallet module's WALLET_KIND; this module may not import the wallet). */
export const WALLET_TRANSACTION = 'wallet.transaction';

/** A payment whose transaction is still in My Wallet (not deleted, not turned into a transfer). */
// A payment counts while its transaction lives: as a transaction, or as a bank row kept as a link (a
// paycheck the Money Nest recorded and split, a found transfer's other side).
const live = (userId: string) =>
  sql`(${recurringPayments.groupId} in (${liveGroupsSql(userId, WALLET_TRANSACTION)}) or ${recurringPayments.groupId} in (${linkedGroupsSql(userId)}))`;

/** The recurring series' SQL: every query is the user's. */

export type NewSeries = Omit<RecurringSeriesRow, 'id' | 'userId' | 'version' | 'createdAt' | 'updatedAt'>;

export function seriesOf(db: Db, userId: string): Promise<RecurringSeriesRow[]> {
  return db
    .select()
    .from(recurringSeries)
    .where(eq(recurringSeries.userId, userId))
    .orderBy(asc(recurringSeries.createdAt), asc(recurringSeries.id));
}

export async function findSeries(
  db: Db,
  userId: string,
  id: string,
  lock = false,
): Promise<RecurringSeriesRow | undefined> {
  const q = db
    .select()
    .from(recurringSeries)
    .where(and(eq(recurringSeries.userId, userId), eq(recurringSeries.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function countSeries(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recurringSeries).where(eq(recurringSeries.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertSeries(db: Db, userId: string, row: NewSeries, now: Date): Promise<RecurringSeriesRow> {
  const [made] = await db
    .insert(recurringSeries)
    .values({ ...row, userId, createdAt: now, updatedAt: now })
    .returning();
  if (!made) throw new Error('recurring series not inserted');
  return made;
}

export async function updateSeries(
  db: Db,
  userId: string,
  id: string,
  row: Partial<NewSeries>,
  version: number,
  now: Date,
): Promise<RecurringSeriesRow | undefined> {
  const [saved] = await db
    .update(recurringSeries)
    .set({ ...row, version: version + 1, updatedAt: now })
    .where(and(eq(recurringSeries.userId, userId), eq(recurringSeries.id, id), eq(recurringSeries.version, version)))
    .returning();
  return saved;
}

export async function deleteSeries(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(recurringSeries)
    .where(and(eq(recurringSeries.userId, userId), eq(recurringSeries.id, id)))
    .returning({ id: recurringSeries.id });
  return gone.length > 0;
}

/** The payments of the series given (all of the user's when none), newest due date first. */
export function paymentsOf(db: Db, userId: string, seriesIds?: readonly string[]): Promise<RecurringPaymentRow[]> {
  if (seriesIds && seriesIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(recurringPayments)
    .where(
      and(
        eq(recurringPayments.userId, userId),
        seriesIds ? inArray(recurringPayments.seriesId, [...seriesIds]) : undefined,
        live(userId),
      ),
    )
    .orderBy(desc(recurringPayments.dueDate));
}

/** The payments whose due dates fall in [from, to]. */
export function paymentsBetween(db: Db, userId: string, from: string, to: string): Promise<RecurringPaymentRow[]> {
  return db
    .select()
    .from(recurringPayments)
    .where(
      and(
        eq(recurringPayments.userId, userId),
        gte(recurringPayments.dueDate, from),
        lte(recurringPayments.dueDate, to),
        live(userId),
      ),
    );
}

/** Which of these transactions (group ids) pay a due date already. */
export async function matchedGroups(db: Db, userId: string, groupIds: readonly string[]): Promise<Set<string>> {
  if (groupIds.length === 0) return new Set();
  const rows = await db
    .select({ groupId: recurringPayments.groupId })
    .from(recurringPayments)
    .where(and(eq(recurringPayments.userId, userId), inArray(recurringPayments.groupId, [...groupIds])));
  return new Set(rows.map((r) => r.groupId));
}

/** Records payments; one already there (the due date, or the transaction) is left alone. Answers those written. */
export async function insertPayments(
  db: Db,
  userId: string,
  rows: readonly { seriesId: string; dueDate: string; groupId: string; date: string; amountCents: number }[],
  now: Date,
): Promise<RecurringPaymentRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(recurringPayments)
    .values(
      rows.map((r) => ({
        ...r,
        userId,
        amountCents: r.amountCents as RecurringPaymentRow['amountCents'],
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

export async function dismissedKeys(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: recurringDismissed.key })
    .from(recurringDismissed)
    .where(eq(recurringDismissed.userId, userId));
  return new Set(rows.map((r) => r.key));
}

export async function dismiss(db: Db, userId: string, key: string, now: Date): Promise<void> {
  await db.insert(recurringDismissed).values({ userId, key, createdAt: now }).onConflictDoNothing();
}

/** Forgets the payments of these due dates whose transaction left My Wallet, so a new one can pay them. */
export async function forgetGonePayments(db: Db, userId: string, from: string, to: string): Promise<void> {
  await db
    .delete(recurringPayments)
    .where(
      and(
        eq(recurringPayments.userId, userId),
        gte(recurringPayments.dueDate, from),
        lte(recurringPayments.dueDate, to),
        sql`not ${live(userId)}`,
      ),
    );
}
