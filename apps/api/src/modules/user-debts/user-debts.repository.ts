import type { Db } from '@helo/db/client';
import { debts, nestAccounts, userDebts } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { and, asc, eq, gt, inArray, lt, lte, notExists, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../lib/prepared.ts';

/**
 * A loan's fields as the service has them: cents and a percent rate. The outstanding balance is not
 * the row's: the service posts it to the loan's ledger account.
 */
export interface LoanFields {
  debtId: number;
  initialLoanAmountCents: Cents;
  outstandingBalanceCents: Cents;
  monthlyPaymentCents: Cents;
  interestRatePercent: number;
  dueDate: string;
  /** The loan's day of the month; the due date's own day unless given (a date unchanged keeps the saved day). */
  dueDay?: number | undefined;
  /** The lender or nickname: null clears it, undefined leaves the saved one (a new loan: none). */
  nickname?: string | null | undefined;
}

const listQuery = (db: Db) =>
  db
    .select({ row: userDebts, debt: debts })
    .from(userDebts)
    .innerJoin(debts, eq(debts.id, userDebts.debtId))
    .where(eq(userDebts.userId, sql.placeholder('userId')))
    .orderBy(asc(userDebts.position));

const userDebtList = preparedPerDb((db) => listQuery(db).prepare('helo_list_user_debts'));

/** The user's debts in their order, each joined to its catalogue entry (a prepared statement: every page reads it). */
export function listUserDebts(db: Db, userId: string) {
  return userDebtList(db).execute({ userId });
}
export type SavedDebt = Awaited<ReturnType<typeof listUserDebts>>[number];

/** The same list inside a transaction (a statement prepared on the pool is not the transaction's). */
export function listUserDebtsIn(tx: Db, userId: string): Promise<SavedDebt[]> {
  return listQuery(tx).execute({ userId });
}

/** One of the user's debts with its catalogue entry, or undefined (someone else's id included). */
export async function findUserDebt(tx: Db, userId: string, id: string): Promise<SavedDebt | undefined> {
  const [found] = await tx
    .select({ row: userDebts, debt: debts })
    .from(userDebts)
    .innerJoin(debts, eq(debts.id, userDebts.debtId))
    .where(and(eq(userDebts.userId, userId), eq(userDebts.id, id)));
  return found;
}

export async function knownDebtIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: debts.id }).from(debts).where(inArray(debts.id, ids));
  return new Set(rows.map((r) => r.id));
}

const columns = (d: LoanFields) => ({
  debtId: d.debtId,
  initialLoanAmountCents: d.initialLoanAmountCents,
  monthlyPaymentCents: d.monthlyPaymentCents,
  interestRate: d.interestRatePercent.toFixed(4),
  dueDate: d.dueDate,
  // The day the user gave is the loan's day of the month from now on (see the schema).
  dueDay: d.dueDay ?? Number(d.dueDate.slice(8, 10)),
  ...(d.nickname === undefined ? {} : { nickname: d.nickname }),
});

/** Inserts new loans; answers their ids in the order given. */
export async function insertUserDebts(
  tx: Db,
  userId: string,
  rows: { fields: LoanFields; position: number }[],
  now: Date,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(userDebts)
    .values(
      rows.map(({ fields, position }) => ({ userId, ...columns(fields), position, createdAt: now, updatedAt: now })),
    )
    .returning({ id: userDebts.id, position: userDebts.position });
  const byPosition = new Map(inserted.map((r) => [r.position, r.id]));
  return rows.map((r) => byPosition.get(r.position) ?? '');
}

/** Writes a loan in place: same id, one more version. `position` undefined keeps its place. */
export async function updateUserDebt(
  tx: Db,
  userId: string,
  id: string,
  fields: LoanFields,
  position: number | undefined,
  now: Date,
): Promise<void> {
  await tx
    .update(userDebts)
    .set({
      ...columns(fields),
      ...(position === undefined ? {} : { position }),
      version: sql`${userDebts.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(userDebts.userId, userId), eq(userDebts.id, id)));
}

export async function deleteUserDebts(tx: Db, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(userDebts).where(and(eq(userDebts.userId, userId), inArray(userDebts.id, ids)));
}

/** The user's loans due on or before `day`, in the user's order (the order the Nest pays them in). */
export function dueUserDebts(tx: Db, userId: string, day: string): Promise<SavedDebt[]> {
  return tx
    .select({ row: userDebts, debt: debts })
    .from(userDebts)
    .innerJoin(debts, eq(debts.id, userDebts.debtId))
    .where(and(eq(userDebts.userId, userId), lte(userDebts.dueDate, day)))
    .orderBy(asc(userDebts.position), asc(userDebts.id));
}

/** A job's write of a loan: its next due date, one more version. */
export async function moveUserDebt(
  tx: Db,
  userId: string,
  id: string,
  change: { dueDate: string },
  now: Date,
): Promise<void> {
  await tx
    .update(userDebts)
    .set({ ...change, version: sql`${userDebts.version} + 1`, updatedAt: now })
    .where(and(eq(userDebts.userId, userId), eq(userDebts.id, id)));
}

/** A loan whose stored due date has passed, as the daily roll reads it. */
export interface PastDueLoan {
  id: string;
  dueDate: string;
  dueDay: number;
  version: number;
}

/**
 * Up to `limit` loans due before `today`, by id after `afterId`, of users without a Money Nest (the
 * Nest's loan payments move their users' dates once they have paid or given up on a due date).
 * Across users by design: a job's read, not a request's.
 */
export function pastDueLoansWithoutNest(db: Db, today: string, afterId: string | null, limit: number) {
  return db
    .select({ id: userDebts.id, dueDate: userDebts.dueDate, dueDay: userDebts.dueDay, version: userDebts.version })
    .from(userDebts)
    .where(
      and(
        lt(userDebts.dueDate, today),
        afterId === null ? undefined : gt(userDebts.id, afterId),
        notExists(db.select({ one: sql`1` }).from(nestAccounts).where(eq(nestAccounts.userId, userDebts.userId))),
      ),
    )
    .orderBy(asc(userDebts.id))
    .limit(limit);
}

/**
 * Writes each loan's rolled date in one statement, one more version each; a loan written since it
 * was read (its version moved) is left as it now is. Returns how many were written.
 */
export async function rollDueDates(
  db: Db,
  rolled: readonly (PastDueLoan & { next: string })[],
  now: Date,
): Promise<number> {
  if (rolled.length === 0) return 0;
  const values = sql.join(
    rolled.map((r) => sql`(${r.id}::uuid, ${r.version}::int, ${r.dueDate}::date, ${r.next}::date)`),
    sql`, `,
  );
  const written = (await db.execute(sql`
    update ${userDebts} set due_date = v.next, version = ${userDebts.version} + 1, updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(id, version, old, next)
    where ${userDebts.id} = v.id and ${userDebts.version} = v.version and ${userDebts.dueDate} = v.old
    returning ${userDebts.id}`)) as { rows: unknown[] };
  return written.rows.length;
}
