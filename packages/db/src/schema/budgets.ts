import type { Cents } from '@helo/finance/cents';
import type { PayCadence } from '@helo/finance/pay-period';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One month's budget of a user ('YYYY-MM', one per month): the net income it plans against. */
export const userBudgets = pgTable(
  'user_budgets',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    netIncomeCents: bigint('net_income_cents', { mode: 'number' }).$type<Cents>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_budgets_user_month_unique').on(t.userId, t.month),
    check('user_budgets_month_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('user_budgets_net_income_nonnegative', sql`${t.netIncomeCents} >= 0`),
    check('user_budgets_version_positive', sql`${t.version} >= 1`),
  ],
);

/**
 * A budget's categories in the user's order. `preset` names one of the decisions file's categories
 * (housing, debt_payments, …) and is null for a custom one; names are unique per budget whatever
 * their case.
 */
export const budgetCategories = pgTable(
  'budget_categories',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => userBudgets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    group: text('group', { enum: ['needs', 'wants', 'savings'] }).notNull(),
    preset: text('preset'),
    plannedCents: bigint('planned_cents', { mode: 'number' }).$type<Cents>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('budget_categories_budget_idx').on(t.budgetId, t.position),
    index('budget_categories_user_idx').on(t.userId),
    uniqueIndex('budget_categories_name_unique').on(t.budgetId, sql`lower(${t.name})`),
    check('budget_categories_group', sql`${t.group} IN ('needs', 'wants', 'savings')`),
    check('budget_categories_planned_nonnegative', sql`${t.plannedCents} >= 0`),
  ],
);

export type UserBudgetRow = typeof userBudgets.$inferSelect;
export type BudgetCategoryRow = typeof budgetCategories.$inferSelect;

/**
 * How a user budgets (issue 30 item 5): by calendar month (no row, or `period` 'month': the default)
 * or by pay period on `cadence` (@helo/finance/pay-period's PayCadence, kept while budgeting by month).
 * `rollover_categories` are the category names (any case) whose left-over carries into the next
 * period, from `rollover_from` (the first day of the period holding the day pay periods began).
 */
export const budgetSettings = pgTable(
  'budget_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period', { enum: ['month', 'pay_period'] }).notNull(),
    cadence: jsonb('cadence').$type<PayCadence>(),
    rolloverCategories: text('rollover_categories').array().notNull().default(sql`'{}'::text[]`),
    rolloverFrom: date('rollover_from', { mode: 'string' }),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('budget_settings_period', sql`${t.period} IN ('month', 'pay_period')`),
    check(
      'budget_settings_cadence',
      sql`${t.period} = 'month' OR (${t.cadence} IS NOT NULL AND ${t.rolloverFrom} IS NOT NULL)`,
    ),
    check('budget_settings_rollover_count', sql`cardinality(${t.rolloverCategories}) <= 60`),
    check('budget_settings_version_positive', sql`${t.version} >= 1`),
  ],
);
export type BudgetSettingsRow = typeof budgetSettings.$inferSelect;
