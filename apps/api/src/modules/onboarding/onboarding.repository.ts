import type { Db } from '@helo/db/client';
import { goals, type OnboardingProfileRow, onboardingProfiles, userGoals } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
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

export async function findProfile(db: Db, userId: string): Promise<OnboardingProfileRow | undefined> {
  const [row] = await db.select().from(onboardingProfiles).where(eq(onboardingProfiles.userId, userId)).limit(1);
  return row;
}

/** Writes the user's answers over any earlier ones (one row per user). */
export async function upsertProfile(
  db: Db,
  userId: string,
  values: { monthlyIncomeCents: Cents | null; firstFocus: string | null },
  now: Date,
): Promise<OnboardingProfileRow> {
  const [row] = await db
    .insert(onboardingProfiles)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: onboardingProfiles.userId, set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error('The upsert returned no row');
  return row;
}
