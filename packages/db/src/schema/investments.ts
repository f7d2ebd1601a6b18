import type { Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A user's retirement profile: one per user (the user id is the key). */
export const investmentProfiles = pgTable(
  'investment_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    birthYear: integer('birth_year').notNull(),
    retirementAge: integer('retirement_age').notNull(),
    inflationPercent: numeric('inflation_percent', { precision: 5, scale: 2 }).notNull().default('2.5'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('investment_profiles_birth_year', sql`${t.birthYear} BETWEEN 1900 AND 2199`),
    check('investment_profiles_retirement_age', sql`${t.retirementAge} BETWEEN 18 AND 100`),
    check('investment_profiles_inflation', sql`${t.inflationPercent} >= 0 AND ${t.inflationPercent} <= 20`),
    check('investment_profiles_version_positive', sql`${t.version} >= 1`),
  ],
);

/**
 * An investment account: its settings. Its balance is its account's in the ledger (subject: this
 * row), and its history that account's balance at the end of each day it moved (issue 27).
 */
export const investmentAccounts = pgTable(
  'investment_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => investmentProfiles.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['401k', 'ira', 'roth_ira', 'brokerage', 'hsa', 'other'] }).notNull(),
    monthlyContributionCents: bigint('monthly_contribution_cents', { mode: 'number' }).$type<Cents>().notNull(),
    employerMonthlyContributionCents: bigint('employer_monthly_contribution_cents', { mode: 'number' })
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    expectedReturnPercent: numeric('expected_return_percent', { precision: 5, scale: 2 }).notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('investment_accounts_user_idx').on(t.userId, t.createdAt, t.id),
    check('investment_accounts_kind', sql`${t.kind} IN ('401k', 'ira', 'roth_ira', 'brokerage', 'hsa', 'other')`),
    check(
      'investment_accounts_contributions_nonnegative',
      sql`${t.monthlyContributionCents} >= 0 AND ${t.employerMonthlyContributionCents} >= 0`,
    ),
    check(
      'investment_accounts_return_range',
      sql`${t.expectedReturnPercent} >= -50 AND ${t.expectedReturnPercent} <= 50`,
    ),
    check('investment_accounts_version_positive', sql`${t.version} >= 1`),
  ],
);

export type InvestmentProfileRow = typeof investmentProfiles.$inferSelect;
export type InvestmentAccountRow = typeof investmentAccounts.$inferSelect;
