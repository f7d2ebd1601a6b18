import type { Db } from '@helo/db/client';
import {
  lifestyleGoalEntries as entries,
  lifestyleGoals as goals,
  type LifestyleGoalEntryRow,
  type LifestyleGoalRow,
} from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { EntryCursor, NewEntry } from '../emergency-fund/index.ts';

/** A goal's stored fields (integer cents) as a write sets them. */
export interface GoalValues {
  name: string;
  kind: LifestyleGoalRow['kind'];
  targetAmountCents: Cents;
  startingAmountCents: Cents;
  horizonYears: number | null;
  targetDate: string | null;
  apyPercent: string;
  planStartedOn: string;
  planStartCents: Cents;
  planMonthlyCents: Cents;
  milestoneReached: number;
}

// Deposits minus withdrawals; sum() of bigint is numeric in PostgreSQL, so it arrives as an exact string.
const NET = sql<string>`coalesce(sum(case when ${entries.kind} = 'deposit' then ${entries.amountCents} else -${entries.amountCents} end), 0)`;

/** The user's goals, oldest first, each with its ledger's net, in one query. */
export async function listGoals(db: Db, userId: string): Promise<{ goal: LifestyleGoalRow; netCents: number }[]> {
  const rows = await db
    .select({ goal: goals, net: NET })
    .from(goals)
    .leftJoin(entries, and(eq(entries.goalId, goals.id), eq(entries.userId, userId)))
    .where(eq(goals.userId, userId))
    .groupBy(goals.id)
    .orderBy(asc(goals.createdAt), asc(goals.id));
  return rows.map((r) => ({ goal: r.goal, netCents: Number(r.net) }));
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

/** Deletes the goal and (ON DELETE CASCADE) its entries; false when the user has no such goal. */
export async function deleteGoal(tx: Db, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(goals)
    .where(and(eq(goals.id, id), eq(goals.userId, userId)))
    .returning({ id: goals.id });
  return rows.length > 0;
}

/** Deposits minus withdrawals of the goal's ledger, and how many entries it has. */
export async function ledgerTotals(
  db: Db,
  userId: string,
  goalId: string,
): Promise<{ netCents: number; count: number }> {
  const [row] = await db
    .select({ net: NET, count: sql<number>`count(*)::int` })
    .from(entries)
    .where(and(eq(entries.userId, userId), eq(entries.goalId, goalId)));
  return { netCents: Number(row?.net ?? 0), count: Number(row?.count ?? 0) };
}

export async function insertEntry(
  tx: Db,
  userId: string,
  goalId: string,
  entry: NewEntry,
  now: Date,
): Promise<LifestyleGoalEntryRow> {
  const [row] = await tx
    .insert(entries)
    .values({ userId, goalId, ...entry, createdAt: now })
    .returning();
  if (!row) throw new Error('insert returned no entry');
  return row;
}

export async function findEntry(
  db: Db,
  userId: string,
  goalId: string,
  id: string,
): Promise<LifestyleGoalEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(entries)
    .where(and(eq(entries.id, id), eq(entries.goalId, goalId), eq(entries.userId, userId)))
    .limit(1);
  return row;
}

export async function deleteEntry(tx: Db, userId: string, id: string): Promise<void> {
  await tx.delete(entries).where(and(eq(entries.id, id), eq(entries.userId, userId)));
}

/**
 * One page of the goal's entries, newest first (date, then time recorded, then id), strictly after
 * `after`; `limit + 1` rows are read to tell whether more follow. The row comparison walks the
 * (goal_id, date, created_at, id) index.
 */
export async function listEntries(db: Db, userId: string, goalId: string, limit: number, after?: EntryCursor) {
  const rows = await db
    .select()
    .from(entries)
    .where(
      and(
        eq(entries.userId, userId),
        eq(entries.goalId, goalId),
        after
          ? sql`(${entries.date}, ${entries.createdAt}, ${entries.id}) < (${after.date}::date, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(entries.date), desc(entries.createdAt), desc(entries.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}
