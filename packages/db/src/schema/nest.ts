import type { Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { investmentAccounts } from './investments.ts';
import { lifestyleGoals } from './lifestyle-goals.ts';
import { users } from './users.ts';

const BUCKETS = sql`('wallet', 'loans', 'emergency_fund', 'goal', 'investment')`;

/**
 * The Money Nest of a user who activated it (with My Wallet): the row is the activation. Its money is
 * the ledger's (issue 27): a deposit is one journal from Income to the Wallet, Loan payments and the
 * targets of its rules, a reversal that journal's reversal; the buckets are those accounts' balances.
 */
export const nestAccounts = pgTable(
  'nest_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
    // Counts saves of the allocation rules: a save from a stale copy is refused.
    rulesVersion: integer('rules_version').notNull().default(1),
    // The loan bucket (Loan payments) earns this yearly rate, in ten-thousandths of a percent (4 % is
    // 40,000); its interest is posted once a month (issue 30).
    loanBucketRate: integer('loan_bucket_rate').notNull().default(0),
    // The last month whose interest has been settled (posted, or nothing to post): 'YYYY-MM'.
    loanBucketInterestMonth: text('loan_bucket_interest_month'),
  },
  (t) => [
    check('nest_accounts_rules_version_positive', sql`${t.rulesVersion} >= 1`),
    check('nest_accounts_loan_bucket_rate', sql`${t.loanBucketRate} BETWEEN 0 AND 1000000`),
  ],
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

export type NestAccountRow = typeof nestAccounts.$inferSelect;
export type NestRuleRow = typeof nestRules.$inferSelect;
