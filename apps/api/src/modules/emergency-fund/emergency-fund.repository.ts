import type { Db } from '@helo/db/client';
import {
  type EmergencyFundEntryRow,
  type EmergencyFundRow,
  emergencyFundEntries as entries,
  emergencyFunds as funds,
  users,
} from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { and, desc, eq, sql } from 'drizzle-orm';

/** The setup answers as stored (integer cents). */
export interface FundAnswers {
  isSaving: boolean | null;
  startingAmountCents: Cents;
  monthlyIncomeCents: Cents;
  monthlySavingCents: Cents;
  monthlySavingWantCents: Cents;
}

export interface NewEntry {
  kind: 'deposit' | 'withdrawal';
  amountCents: Cents;
  date: string;
  note: string | null;
}

/** Where a page of entries ends: the last row's date, time recorded and id (the list's order). */
export interface EntryCursor {
  date: string;
  createdAt: Date;
  id: string;
}

export async function findFund(db: Db, userId: string): Promise<EmergencyFundRow | undefined> {
  const [row] = await db.select().from(funds).where(eq(funds.userId, userId)).limit(1);
  return row;
}

/**
 * The user's fund, locked until the transaction ends: every write that changes the balance or the
 * milestones takes it first, so two withdrawals at once are checked one after the other.
 */
export async function lockFund(tx: Db, userId: string): Promise<EmergencyFundRow | undefined> {
  const [row] = await tx.select().from(funds).where(eq(funds.userId, userId)).for('update');
  return row;
}

/**
 * Creates the user's fund; undefined when they already have one. The unique key on `user_id`
 * decides between two creates at once: the second waits for the first and then inserts nothing.
 */
export async function insertFund(
  tx: Db,
  userId: string,
  answers: FundAnswers & { milestoneReached: number },
  now: Date,
): Promise<EmergencyFundRow | undefined> {
  const [row] = await tx
    .insert(funds)
    .values({ userId, ...answers, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: funds.userId })
    .returning();
  return row;
}

/** Changes the locked fund (answers, the milestone) and counts the change in `version`. */
export async function updateFund(
  tx: Db,
  userId: string,
  fundId: string,
  set: Partial<FundAnswers & { milestoneReached: number }>,
  now: Date,
): Promise<EmergencyFundRow> {
  const [row] = await tx
    .update(funds)
    .set({ ...set, version: sql`${funds.version} + 1`, updatedAt: now })
    .where(and(eq(funds.id, fundId), eq(funds.userId, userId)))
    .returning();
  if (!row) throw new Error('the locked emergency fund disappeared');
  return row;
}

/** Deposits minus withdrawals of the fund's ledger, and how many entries it has. */
export async function ledgerTotals(
  db: Db,
  userId: string,
  fundId: string,
): Promise<{ netCents: number; count: number }> {
  const [row] = await db
    .select({
      // sum() of bigint is numeric in PostgreSQL; it arrives as a string, exact.
      net: sql<string>`coalesce(sum(case when ${entries.kind} = 'deposit' then ${entries.amountCents} else -${entries.amountCents} end), 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(entries)
    .where(and(eq(entries.userId, userId), eq(entries.fundId, fundId)));
  return { netCents: Number(row?.net ?? 0), count: Number(row?.count ?? 0) };
}

export async function insertEntry(
  tx: Db,
  userId: string,
  fundId: string,
  entry: NewEntry,
  now: Date,
): Promise<EmergencyFundEntryRow> {
  const [row] = await tx
    .insert(entries)
    .values({ userId, fundId, ...entry, createdAt: now })
    .returning();
  if (!row) throw new Error('insert returned no entry');
  return row;
}

export async function findEntry(db: Db, userId: string, id: string): Promise<EmergencyFundEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(entries)
    .where(and(eq(entries.id, id), eq(entries.userId, userId)))
    .limit(1);
  return row;
}

export async function deleteEntry(tx: Db, userId: string, id: string): Promise<void> {
  await tx.delete(entries).where(and(eq(entries.id, id), eq(entries.userId, userId)));
}

/**
 * One page of the fund's entries, newest first (date, then time recorded, then id), strictly after
 * `after`; `limit + 1` rows are read to tell whether more follow. The row comparison walks the
 * (user_id, date, created_at, id) index.
 */
export async function listEntries(db: Db, userId: string, fundId: string, limit: number, after?: EntryCursor) {
  const rows = await db
    .select()
    .from(entries)
    .where(
      and(
        eq(entries.userId, userId),
        eq(entries.fundId, fundId),
        after
          ? sql`(${entries.date}, ${entries.createdAt}, ${entries.id}) < (${after.date}::date, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(entries.date), desc(entries.createdAt), desc(entries.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** Who a milestone mail goes to. */
export async function findUserContact(
  db: Db,
  userId: string,
): Promise<{ email: string; firstName: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
