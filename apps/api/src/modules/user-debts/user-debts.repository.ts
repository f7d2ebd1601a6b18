import type { Db } from '@helo/db/client';
import { debts, userDebts } from '@helo/db/schema';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../lib/prepared.ts';
import { lockUser } from '../../lib/user-lock.ts';

/** A debt as the service hands it to the repository: cents and a percent rate. */
export interface NewUserDebt {
  debtId: number;
  initialLoanAmountCents: number;
  outstandingBalanceCents: number;
  monthlyPaymentCents: number;
  interestRatePercent: number;
  dueDate: string;
}

const userDebtList = preparedPerDb((db) =>
  db
    .select({ row: userDebts, debt: debts })
    .from(userDebts)
    .innerJoin(debts, eq(debts.id, userDebts.debtId))
    .where(eq(userDebts.userId, sql.placeholder('userId')))
    .orderBy(asc(userDebts.position))
    .prepare('helo_list_user_debts'),
);

/** The user's debts in their order, each joined to its catalogue entry. */
export function listUserDebts(db: Db, userId: string) {
  return userDebtList(db).execute({ userId });
}

export async function knownDebtIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: debts.id }).from(debts).where(inArray(debts.id, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * Replaces the user's whole list in one transaction. The user's row is locked first so that two
 * saves at once run one after the other: otherwise each could delete only the rows it saw and the
 * list would end up with both saves in it.
 */
export async function replaceUserDebts(db: Db, userId: string, list: NewUserDebt[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await tx.delete(userDebts).where(eq(userDebts.userId, userId));
    if (list.length === 0) return;
    await tx.insert(userDebts).values(
      list.map((d, position) => ({
        userId,
        debtId: d.debtId,
        initialLoanAmountCents: d.initialLoanAmountCents,
        outstandingBalanceCents: d.outstandingBalanceCents,
        monthlyPaymentCents: d.monthlyPaymentCents,
        interestRate: d.interestRatePercent.toFixed(4),
        dueDate: d.dueDate,
        position,
        createdAt: now,
        updatedAt: now,
      })),
    );
  });
}
