import type { Db } from '@helo/db/client';
import { debts, userDebts } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../lib/prepared.ts';

/** A loan's fields as the service hands them to the repository: cents and a percent rate. */
export interface LoanFields {
  debtId: number;
  initialLoanAmountCents: Cents;
  outstandingBalanceCents: Cents;
  monthlyPaymentCents: Cents;
  interestRatePercent: number;
  dueDate: string;
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
  outstandingBalanceCents: d.outstandingBalanceCents,
  monthlyPaymentCents: d.monthlyPaymentCents,
  interestRate: d.interestRatePercent.toFixed(4),
  dueDate: d.dueDate,
  // The day the user gave is the loan's day of the month from now on (see the schema).
  dueDay: Number(d.dueDate.slice(8, 10)),
});

export async function insertUserDebts(
  tx: Db,
  userId: string,
  rows: { fields: LoanFields; position: number }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(userDebts)
    .values(
      rows.map(({ fields, position }) => ({ userId, ...columns(fields), position, createdAt: now, updatedAt: now })),
    );
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
