import type { Db } from '@helo/db/client';
import {
  investmentAccounts,
  lifestyleGoals,
  type NestAccountRow,
  type NestDepositRow,
  type NestEntryRow,
  type NestRuleRow,
  nestAccounts,
  nestDeposits,
  nestEntries,
  nestRules,
  userDebts,
} from '@helo/db/schema';
import { type Cents, cents } from '@helo/finance/cents';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { EntryCursor } from '../emergency-fund/index.ts';

export type NewRule = Omit<NestRuleRow, 'id' | 'userId' | 'position'>;
export type NewNestEntry = Omit<NestEntryRow, 'id' | 'userId' | 'createdAt' | 'userDebtId' | 'dueDate'>;

/** A rule with the name of the goal or account it names (null for the other buckets). */
export interface RuleWithTarget {
  rule: NestRuleRow;
  targetName: string | null;
}

/** A bucket's sum; a goal or account deleted since keeps the name its entries were written with. */
export interface BucketTotal {
  bucket: NestEntryRow['bucket'];
  goalId: string | null;
  investmentAccountId: string | null;
  orphanName: string | null;
  cents: number;
}

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

export async function listRules(db: Db, userId: string): Promise<RuleWithTarget[]> {
  const rows = await db
    .select({ rule: nestRules, goalName: lifestyleGoals.name, accountName: investmentAccounts.name })
    .from(nestRules)
    .leftJoin(lifestyleGoals, and(eq(lifestyleGoals.id, nestRules.goalId), eq(lifestyleGoals.userId, userId)))
    .leftJoin(
      investmentAccounts,
      and(eq(investmentAccounts.id, nestRules.investmentAccountId), eq(investmentAccounts.userId, userId)),
    )
    .where(eq(nestRules.userId, userId))
    .orderBy(asc(nestRules.position));
  return rows.map((r) => ({ rule: r.rule, targetName: r.goalName ?? r.accountName ?? null }));
}

/** Replaces the user's rules with `rules`, in that order. */
export async function replaceRules(tx: Db, userId: string, rules: readonly NewRule[]): Promise<void> {
  await tx.delete(nestRules).where(eq(nestRules.userId, userId));
  if (rules.length === 0) return;
  await tx.insert(nestRules).values(rules.map((rule, position) => ({ ...rule, userId, position })));
}

/** The user's goals' names by id: a rule may name only these. */
export async function goalNames(db: Db, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: lifestyleGoals.id, name: lifestyleGoals.name })
    .from(lifestyleGoals)
    .where(eq(lifestyleGoals.userId, userId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The user's investment accounts' names by id: a rule may name only these. */
export async function accountNames(db: Db, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: investmentAccounts.id, name: investmentAccounts.name })
    .from(investmentAccounts)
    .where(eq(investmentAccounts.userId, userId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertDeposit(
  tx: Db,
  userId: string,
  deposit: { amountCents: Cents; date: string; source: string },
  now: Date,
): Promise<NestDepositRow> {
  const [row] = await tx
    .insert(nestDeposits)
    .values({ userId, ...deposit, createdAt: now })
    .returning();
  if (!row) throw new Error('insert returned no deposit');
  return row;
}

export async function findDeposit(db: Db, userId: string, id: string): Promise<NestDepositRow | undefined> {
  const [row] = await db
    .select()
    .from(nestDeposits)
    .where(and(eq(nestDeposits.id, id), eq(nestDeposits.userId, userId)))
    .limit(1);
  return row;
}

/** Marks the deposit reversed; undefined when it already was. */
export async function markReversed(tx: Db, userId: string, id: string, now: Date): Promise<NestDepositRow | undefined> {
  const [row] = await tx
    .update(nestDeposits)
    .set({ reversedAt: now })
    .where(and(eq(nestDeposits.id, id), eq(nestDeposits.userId, userId), isNull(nestDeposits.reversedAt)))
    .returning();
  return row;
}

/** The latest deposits, newest first. */
export function latestDeposits(db: Db, userId: string, limit: number): Promise<NestDepositRow[]> {
  return db
    .select()
    .from(nestDeposits)
    .where(eq(nestDeposits.userId, userId))
    .orderBy(desc(nestDeposits.date), desc(nestDeposits.createdAt), desc(nestDeposits.id))
    .limit(limit);
}

/** The allocation entries of these deposits (their shares), in the order they were written. */
export function allocationEntriesOf(db: Db, userId: string, depositIds: readonly string[]): Promise<NestEntryRow[]> {
  if (depositIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(nestEntries)
    .where(
      and(
        eq(nestEntries.userId, userId),
        inArray(nestEntries.depositId, [...depositIds]),
        eq(nestEntries.kind, 'allocation'),
      ),
    )
    .orderBy(asc(nestEntries.createdAt), asc(nestEntries.id));
}

export async function insertEntries(
  tx: Db,
  userId: string,
  entries: readonly NewNestEntry[],
  now: Date,
): Promise<NestEntryRow[]> {
  if (entries.length === 0) return [];
  // A millisecond per entry: the shares keep the rules' order in the ledger, not their random ids'.
  return tx
    .insert(nestEntries)
    .values(entries.map((e, i) => ({ ...e, userId, createdAt: new Date(now.getTime() + i) })))
    .returning();
}

/**
 * Each bucket's sum of entries, by target (a deleted goal's or account's entries by the name they
 * kept). A loan payment's name is the loan's, but it is money out of the one Loan payments bucket.
 */
export async function bucketTotals(db: Db, userId: string): Promise<BucketTotal[]> {
  const orphanName = sql<
    string | null
  >`case when ${nestEntries.bucket} in ('goal', 'investment') and ${nestEntries.goalId} is null and ${nestEntries.investmentAccountId} is null then ${nestEntries.targetName} end`;
  const rows = await db
    .select({
      bucket: nestEntries.bucket,
      goalId: nestEntries.goalId,
      investmentAccountId: nestEntries.investmentAccountId,
      orphanName,
      // sum() of bigint is numeric in PostgreSQL; it arrives as a string, exact.
      cents: sql<string>`sum(${nestEntries.amountCents})`,
    })
    .from(nestEntries)
    .where(eq(nestEntries.userId, userId))
    .groupBy(nestEntries.bucket, nestEntries.goalId, nestEntries.investmentAccountId, orphanName);
  return rows.map((r) => ({ ...r, cents: Number(r.cents) }));
}

/** One page of the ledger, newest first, strictly after `after` (the emergency fund's keyset order). */
export async function listEntries(db: Db, userId: string, limit: number, after?: EntryCursor) {
  const rows = await db
    .select()
    .from(nestEntries)
    .where(
      and(
        eq(nestEntries.userId, userId),
        after
          ? sql`(${nestEntries.date}, ${nestEntries.createdAt}, ${nestEntries.id}) < (${after.date}::date, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(nestEntries.date), desc(nestEntries.createdAt), desc(nestEntries.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** Whether the Nest wrote this entry of the user's emergency fund. */
export async function isNestFundEntry(db: Db, userId: string, fundEntryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: nestEntries.id })
    .from(nestEntries)
    .where(and(eq(nestEntries.userId, userId), eq(nestEntries.fundEntryId, fundEntryId)))
    .limit(1);
  return row !== undefined;
}

/** Whether the Nest wrote this entry of one of the user's goals. */
export async function isNestGoalEntry(db: Db, userId: string, goalEntryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: nestEntries.id })
    .from(nestEntries)
    .where(and(eq(nestEntries.userId, userId), eq(nestEntries.goalEntryId, goalEntryId)))
    .limit(1);
  return row !== undefined;
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

/** What the Loan payments bucket holds: the sum of its entries (deposits' shares, reversals, payments). */
export async function loansBucketCents(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string | null>`sum(${nestEntries.amountCents})` })
    .from(nestEntries)
    .where(and(eq(nestEntries.userId, userId), eq(nestEntries.bucket, 'loans')));
  return Number(row?.cents ?? 0);
}

/**
 * A loan payment out of the Loan payments bucket, once per loan and due date: undefined when that
 * due date was already paid (the partial unique index decides, whoever wrote it).
 */
export async function insertLoanPayment(
  tx: Db,
  userId: string,
  payment: { userDebtId: string; dueDate: string; targetName: string; amountCents: Cents },
  now: Date,
): Promise<NestEntryRow | undefined> {
  const [row] = await tx
    .insert(nestEntries)
    .values({
      userId,
      kind: 'loan_payment',
      bucket: 'loans',
      userDebtId: payment.userDebtId,
      dueDate: payment.dueDate,
      targetName: payment.targetName,
      amountCents: cents(-payment.amountCents),
      date: payment.dueDate,
      createdAt: now,
    })
    .onConflictDoNothing({
      target: [nestEntries.userDebtId, nestEntries.dueDate],
      where: sql`${nestEntries.kind} = 'loan_payment'`,
    })
    .returning();
  return row;
}
