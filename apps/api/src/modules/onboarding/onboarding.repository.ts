import type { Db } from '@helo/db/client';
import { goals, userGoals } from '@helo/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';

export async function listUserGoalIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: userGoals.goalId })
    .from(userGoals)
    .where(eq(userGoals.userId, userId))
    .orderBy(asc(userGoals.goalId));
  return rows.map((r) => r.id);
}

export async function knownGoalIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: goals.id }).from(goals).where(inArray(goals.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Replaces the user's picks; the caller runs it inside its transaction, after locking the user. */
export async function replaceUserGoals(tx: Db, userId: string, ids: number[], now: Date): Promise<void> {
  await tx.delete(userGoals).where(eq(userGoals.userId, userId));
  if (ids.length === 0) return;
  await tx.insert(userGoals).values(ids.map((goalId) => ({ userId, goalId, createdAt: now })));
}
