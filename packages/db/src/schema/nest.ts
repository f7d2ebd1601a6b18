import type { Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { investmentAccounts } from './investments.ts';
import { lifestyleGoals } from './lifestyle-goals.ts';
import { userDebts } from './user-debts.ts';
import { users } from './users.ts';

const BUCKETS = sql`('wallet', 'loans', 'emergency_fund', 'goal', 'investment')`;

/** The Money Nest of a user who activated it (with My Wallet): the row is the activation. */
export const nestAccounts = pgTable(
  'nest_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
    // Counts saves of the allocation rules: a save from a stale copy is refused.
    rulesVersion: integer('rules_version').notNull().default(1),
    // The sum of the user's wallet transactions, kept by triggers on wallet_transactions (migration
    // 0015), so the Wallet's balance does not read every transaction (100,000 rows: ~50 ms).
    walletTransactionsCents: bigint('wallet_transactions_cents', { mode: 'number' })
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    // How many wallet transactions the user has (published ones), kept by the same triggers: the
    // ceiling on stored transactions is checked against it (migration 0020).
    walletTransactionsCount: integer('wallet_transactions_count').notNull().default(0),
  },
  (t) => [check('nest_accounts_rules_version_positive', sql`${t.rulesVersion} >= 1`)],
);

/**
 * The allocation rules in the user's order. A goal's or an investment account's rule points at it
 * with a real foreign key, so deleting the goal or the account deletes its rule: its share then
 * goes to the Wallet, as whatever no rule takes does.
 */
export const nestRules = pgTable(
  'nest_rules',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => nestAccounts.userId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    bucket: text('bucket', { enum: ['wallet', 'loans', 'emergency_fund', 'goal', 'investment'] }).notNull(),
    goalId: uuid('goal_id').references(() => lifestyleGoals.id, { onDelete: 'cascade' }),
    investmentAccountId: uuid('investment_account_id').references(() => investmentAccounts.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    // Hundredths of a percent (12.5 % is 1,250) for a percent rule; cents for a fixed one.
    percentBasisPoints: integer('percent_basis_points'),
    fixedCents: bigint('fixed_cents', { mode: 'number' }).$type<Cents>(),
  },
  (t) => [
    index('nest_rules_user_idx').on(t.userId, t.position),
    index('nest_rules_goal_idx').on(t.goalId),
    index('nest_rules_investment_account_idx').on(t.investmentAccountId),
    check('nest_rules_bucket', sql`${t.bucket} IN ${BUCKETS}`),
    check(
      'nest_rules_value',
      sql`(${t.kind} = 'percent' AND ${t.percentBasisPoints} IS NOT NULL AND ${t.percentBasisPoints} BETWEEN 1 AND 10000 AND ${t.fixedCents} IS NULL) OR (${t.kind} = 'fixed' AND ${t.fixedCents} IS NOT NULL AND ${t.fixedCents} > 0 AND ${t.percentBasisPoints} IS NULL)`,
    ),
    check(
      'nest_rules_target',
      sql`(${t.bucket} = 'goal') = (${t.goalId} IS NOT NULL) AND (${t.bucket} = 'investment') = (${t.investmentAccountId} IS NOT NULL)`,
    ),
  ],
);

/** Income recorded into the Nest. A reversal marks it and writes reversing entries; nothing is deleted. */
export const nestDeposits = pgTable(
  'nest_deposits',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => nestAccounts.userId, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('nest_deposits_user_idx').on(t.userId, t.date, t.createdAt, t.id),
    check('nest_deposits_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The Nest's ledger: a bucket's balance is the sum of its entries, always. An allocation entry is a
 * deposit's share (positive); a reversal entry takes a share back (negative); a loan payment takes
 * a payment out of the loans bucket (negative), once per loan and due date.
 * A goal or a loan deleted later leaves its entries (the ledger must still add up), with
 * `target_name` saying what they were for.
 */
export const nestEntries = pgTable(
  'nest_entries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => nestAccounts.userId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['allocation', 'reversal', 'loan_payment'] }).notNull(),
    bucket: text('bucket', { enum: ['wallet', 'loans', 'emergency_fund', 'goal', 'investment'] }).notNull(),
    depositId: uuid('deposit_id').references(() => nestDeposits.id, { onDelete: 'cascade' }),
    goalId: uuid('goal_id').references(() => lifestyleGoals.id, { onDelete: 'set null' }),
    investmentAccountId: uuid('investment_account_id').references(() => investmentAccounts.id, {
      onDelete: 'set null',
    }),
    userDebtId: uuid('user_debt_id').references(() => userDebts.id, { onDelete: 'set null' }),
    // The loan payment's due date: with user_debt_id, at most one payment per loan and due date.
    dueDate: date('due_date', { mode: 'string' }),
    targetName: text('target_name'),
    amountCents: bigint('amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('nest_entries_user_idx').on(t.userId, t.date, t.createdAt, t.id),
    index('nest_entries_bucket_idx').on(t.userId, t.bucket),
    index('nest_entries_deposit_idx').on(t.depositId),
    uniqueIndex('nest_entries_loan_payment_unique').on(t.userDebtId, t.dueDate).where(sql`${t.kind} = 'loan_payment'`),
    check('nest_entries_kind', sql`${t.kind} IN ('allocation', 'reversal', 'loan_payment')`),
    check('nest_entries_bucket', sql`${t.bucket} IN ${BUCKETS}`),
    check('nest_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
    check(
      'nest_entries_sign',
      sql`(${t.kind} = 'allocation' AND ${t.amountCents} > 0) OR (${t.kind} <> 'allocation' AND ${t.amountCents} < 0)`,
    ),
    check('nest_entries_loan_payment', sql`(${t.kind} = 'loan_payment') = (${t.dueDate} IS NOT NULL)`),
  ],
);

export type NestAccountRow = typeof nestAccounts.$inferSelect;
export type NestRuleRow = typeof nestRules.$inferSelect;
export type NestDepositRow = typeof nestDeposits.$inferSelect;
export type NestEntryRow = typeof nestEntries.$inferSelect;
