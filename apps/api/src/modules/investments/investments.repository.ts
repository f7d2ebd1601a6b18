import type { Db } from '@helo/db/client';
import {
  investmentAccounts as accounts,
  type InvestmentAccountRow,
  type InvestmentProfileRow,
  investmentProfiles as profiles,
} from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { and, asc, count, eq, max, sql } from 'drizzle-orm';

/** The profile's stored fields as a write sets them. */
export interface ProfileValues {
  birthYear: number;
  retirementAge: number;
  inflationPercent: string;
}

/** An account's stored fields: its balance is its ledger account's. */
export interface AccountValues {
  name: string;
  kind: InvestmentAccountRow['kind'];
  monthlyContributionCents: Cents;
  employerMonthlyContributionCents: Cents;
  expectedReturnPercent: string;
}

export async function findProfile(db: Db, userId: string): Promise<InvestmentProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row;
}

/** The profile, locked until the transaction ends, so two saves from one version are checked one at a time. */
export async function lockProfile(tx: Db, userId: string): Promise<InvestmentProfileRow | undefined> {
  const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
  return row;
}

/** Creates the user's profile; undefined when they have one already (the key is the user id). */
export async function insertProfile(
  tx: Db,
  userId: string,
  values: ProfileValues,
  now: Date,
): Promise<InvestmentProfileRow | undefined> {
  const [row] = await tx
    .insert(profiles)
    .values({ userId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: profiles.userId })
    .returning();
  return row;
}

/** Changes the locked profile and counts the change in `version`. */
export async function updateProfile(
  tx: Db,
  userId: string,
  values: ProfileValues,
  now: Date,
): Promise<InvestmentProfileRow> {
  const [row] = await tx
    .update(profiles)
    .set({ ...values, version: sql`${profiles.version} + 1`, updatedAt: now })
    .where(eq(profiles.userId, userId))
    .returning();
  if (!row) throw new Error('the locked profile disappeared');
  return row;
}

/** The user's accounts, oldest first (a card does not move when it is edited). */
export function listAccounts(db: Db, userId: string): Promise<InvestmentAccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
}

/** How many accounts the user has, and when the newest was created (null without any). */
export async function accountCount(db: Db, userId: string): Promise<{ count: number; newest: Date | null }> {
  const [row] = await db
    .select({ n: count(), newest: max(accounts.createdAt) })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return { count: Number(row?.n ?? 0), newest: row?.newest ?? null };
}

/** The account, locked until the transaction ends: every write to it takes it first. */
export async function lockAccount(tx: Db, userId: string, id: string): Promise<InvestmentAccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.userId, userId)))
    .for('update');
  return row;
}

export async function insertAccount(
  tx: Db,
  userId: string,
  values: AccountValues,
  createdAt: Date,
): Promise<InvestmentAccountRow> {
  const [row] = await tx
    .insert(accounts)
    .values({ userId, ...values, createdAt, updatedAt: createdAt })
    .returning();
  if (!row) throw new Error('insert returned no account');
  return row;
}

/** Changes the locked account and counts the change in `version` (a change of its balance counts too). */
export async function updateAccount(
  tx: Db,
  userId: string,
  id: string,
  values: AccountValues,
  now: Date,
): Promise<void> {
  await tx
    .update(accounts)
    .set({ ...values, version: sql`${accounts.version} + 1`, updatedAt: now })
    .where(and(eq(accounts.id, id), eq(accounts.userId, userId)));
}

/** Deletes the account; false when the user has no such account. */
export async function deleteAccount(tx: Db, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.userId, userId)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}
