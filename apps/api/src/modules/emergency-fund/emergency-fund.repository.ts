import type { Db } from '@helo/db/client';
import { type EmergencyFundRow, emergencyFunds as funds } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { and, eq, sql } from 'drizzle-orm';

/** The setup answers as stored (integer cents); the money is the fund's ledger account's. */
export interface FundAnswers {
  isSaving: boolean | null;
  monthlyIncomeCents: Cents;
  monthlySavingCents: Cents;
  monthlySavingWantCents: Cents;
}

// My Wallet pages with the ledgers' cursor; kept here for its import until the wallet-ledger branch lands.
export type { EntryCursor } from '../../lib/entry-cursor.ts';

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
