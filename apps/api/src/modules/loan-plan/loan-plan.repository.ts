import type { Db } from '@helo/db/client';
import { type LoanPlanRow, loanPlans } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { eq } from 'drizzle-orm';

/** The user's payoff-plan settings, or undefined before the first change. */
export async function findLoanPlan(db: Db, userId: string): Promise<LoanPlanRow | undefined> {
  const [row] = await db.select().from(loanPlans).where(eq(loanPlans.userId, userId)).limit(1);
  return row;
}

/** Writes the extra amount over the saved one (one row per user). */
export async function upsertLoanPlan(
  db: Db,
  userId: string,
  extraMonthlyCents: Cents,
  now: Date,
): Promise<LoanPlanRow> {
  const [row] = await db
    .insert(loanPlans)
    .values({ userId, extraMonthlyCents, updatedAt: now })
    .onConflictDoUpdate({ target: loanPlans.userId, set: { extraMonthlyCents, updatedAt: now } })
    .returning();
  if (!row) throw new Error('The upsert returned no row');
  return row;
}
