import type { Db } from '@helo/db/client';
import { lifestyleGoals as goals, type LifestyleGoalRow } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { and, asc, count, eq, sql } from 'drizzle-orm';

/** A goal's stored fields (integer cents) as a write sets them; its money is its ledger account's. */
export interface GoalValues {
  name: string;
  kind: LifestyleGoalRow['kind'];
  targetAmountCents: Cents;
  horizonYears: number | null;
  targetDate: string | null;
  apyPercent: string;
  planStartedOn: string;
  planStartCents: Cents;
  planMonthlyCents: Cents;
  milestoneReached: number;
}

/** The user's goals, oldest first. */
export function listGoals(db: Db, userId: string): Promise<LifestyleGoalRow[]> {
  return db.select().from(goals).where(eq(goals.userId, userId)).orderBy(asc(goals.createdAt), asc(goals.id));
}

export async function findGoal(db: Db, userId: string, id: string): Promise<LifestyleGoalRow | undefined> {
  const [row] = await db
    .select()
    .from(goals)
    .where(and(eq(goals.id, id), eq(goals.userId, userId)))
    .limit(1);
  return row;
}

/**
 * The goal, locked until the transaction ends: every write that changes its balance, its plan or
 * its milestones takes it first, so two withdrawals at once are checked one after the other.
 */
export async function lockGoal(tx: Db, userId: string, id: string): Promise<LifestyleGoalRow | undefined> {
  const [row] = await tx
    .select()
    .from(goals)
    .where(and(eq(goals.id, id), eq(goals.userId, userId)))
    .for('update');
  return row;
}

export async function countGoals(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(goals).where(eq(goals.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertGoal(tx: Db, userId: string, values: GoalValues, now: Date): Promise<LifestyleGoalRow> {
  const [row] = await tx
    .insert(goals)
    .values({ userId, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no goal');
  return row;
}

/** Changes the locked goal and counts the change in `version` (entries count too: the balance changed). */
export async function updateGoal(
  tx: Db,
  userId: string,
  id: string,
  set: Partial<GoalValues>,
  now: Date,
): Promise<LifestyleGoalRow> {
  const [row] = await tx
    .update(goals)
    .set({ ...set, version: sql`${goals.version} + 1`, updatedAt: now })
    .where(and(eq(goals.id, id), eq(goals.userId, userId)))
    .returning();
  if (!row) throw new Error('the locked goal disappeared');
  return row;
}

/** Deletes the goal; false when the user has no such goal. */
export async function deleteGoal(tx: Db, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(goals)
    .where(and(eq(goals.id, id), eq(goals.userId, userId)))
    .returning({ id: goals.id });
  return rows.length > 0;
}
