import type { Db } from '@helo/db/client';
import { type NestAccountRow, type NestRuleRow, nestAccounts, nestRules, userDebts } from '@helo/db/schema';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';

export type NewRule = Omit<NestRuleRow, 'id' | 'userId' | 'position'>;

export async function findNestAccount(db: Db, userId: string): Promise<NestAccountRow | undefined> {
  const [row] = await db.select().from(nestAccounts).where(eq(nestAccounts.userId, userId)).limit(1);
  return row;
}

/**
 * The user's Nest, locked until the transaction ends: every write of its rules or its ledger takes
 * it first, so they run one after another. Not the user's row (`lockUser`): a deposit then locks the
 * fund, a goal or an account, whose own writes take a key-share lock on the user's row (their
 * foreign key) while holding that row, and the two would wait for each other.
 */
export async function lockNestAccount(tx: Db, userId: string): Promise<NestAccountRow | undefined> {
  const [row] = await tx.select().from(nestAccounts).where(eq(nestAccounts.userId, userId)).for('update');
  return row;
}

/** Activates the Nest; undefined when it already was (the primary key decides between two at once). */
export async function insertNestAccount(tx: Db, userId: string, now: Date): Promise<NestAccountRow | undefined> {
  const [row] = await tx
    .insert(nestAccounts)
    .values({ userId, activatedAt: now })
    .onConflictDoNothing({ target: nestAccounts.userId })
    .returning();
  return row;
}

/** Counts a save of the rules. */
export async function bumpRulesVersion(tx: Db, userId: string): Promise<void> {
  await tx
    .update(nestAccounts)
    .set({ rulesVersion: sql`${nestAccounts.rulesVersion} + 1` })
    .where(eq(nestAccounts.userId, userId));
}

/** The user's rules in their order. */
export function listRules(db: Db, userId: string): Promise<NestRuleRow[]> {
  return db.select().from(nestRules).where(eq(nestRules.userId, userId)).orderBy(asc(nestRules.position));
}

/** Replaces the user's rules with `rules`, in that order. */
export async function replaceRules(tx: Db, userId: string, rules: readonly NewRule[]): Promise<void> {
  await tx.delete(nestRules).where(eq(nestRules.userId, userId));
  if (rules.length === 0) return;
  await tx.insert(nestRules).values(rules.map((rule, position) => ({ ...rule, userId, position })));
}

/** A Nest whose user has loans due on or before a day: the loan payments job's unit of work. */
export interface NestWithDueLoans {
  userId: string;
  activatedAt: Date;
}

/**
 * Up to `limit` Nests (by user id, after `afterUserId`) whose users have a loan due on or before
 * `day`. Across users by design: the loan payments job's read.
 */
export function nestsWithDueLoans(
  db: Db,
  day: string,
  afterUserId: string | null,
  limit: number,
): Promise<NestWithDueLoans[]> {
  return db
    .selectDistinct({ userId: nestAccounts.userId, activatedAt: nestAccounts.activatedAt })
    .from(nestAccounts)
    .innerJoin(userDebts, eq(userDebts.userId, nestAccounts.userId))
    .where(and(lte(userDebts.dueDate, day), afterUserId === null ? undefined : gt(nestAccounts.userId, afterUserId)))
    .orderBy(asc(nestAccounts.userId))
    .limit(limit);
}

/** Up to `limit` active Nests after `afterUserId`, by user id: the paydays job's unit of work (across users by design). */
export function nestsAfter(db: Db, afterUserId: string | null, limit: number): Promise<{ userId: string }[]> {
  return db
    .select({ userId: nestAccounts.userId })
    .from(nestAccounts)
    .where(afterUserId === null ? undefined : gt(nestAccounts.userId, afterUserId))
    .orderBy(asc(nestAccounts.userId))
    .limit(limit);
}

/** The yearly rate the loan bucket earns, in ten-thousandths of a percent. */
export async function saveLoanBucketRate(tx: Db, userId: string, rate: number): Promise<void> {
  await tx.update(nestAccounts).set({ loanBucketRate: rate }).where(eq(nestAccounts.userId, userId));
}

/** Marks a month's bucket interest settled (posted, or nothing to post). */
export async function settleBucketInterest(tx: Db, userId: string, month: string): Promise<void> {
  await tx.update(nestAccounts).set({ loanBucketInterestMonth: month }).where(eq(nestAccounts.userId, userId));
}

/** A loan as the bucket sees it: what it pays, when, in the user's order. */
export interface BucketLoan {
  id: string;
  monthlyPaymentCents: number;
  dueDate: string;
  dueDay: number;
}

/**
 * The user's loans in their order (the loans' own table, read as `nestsWithDueLoans` reads it: the
 * loans import the Nest, so the Nest can not import them).
 */
export function bucketLoans(db: Db, userId: string): Promise<BucketLoan[]> {
  return db
    .select({
      id: userDebts.id,
      monthlyPaymentCents: userDebts.monthlyPaymentCents,
      dueDate: userDebts.dueDate,
      dueDay: userDebts.dueDay,
    })
    .from(userDebts)
    .where(eq(userDebts.userId, userId))
    .orderBy(asc(userDebts.position), asc(userDebts.id));
}
