import type { Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A lifestyle savings goal. Its money is not here: the goal's account of the ledger (subject: this
 * row) holds it, the starting amount being its opening journal (issue 27). The plan the goal was set with (`plan_*`) is kept so "behind" can compare today's saved
 * amount with what that plan expected by today; changing the target, the horizon or the APY starts
 * a new plan from that day.
 */
export const lifestyleGoals = pgTable(
  'lifestyle_goals',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['travel', 'car', 'home', 'wedding', 'education', 'other'] }).notNull(),
    targetAmountCents: bigint('target_amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    // Exactly one of the two: a horizon in years, or a day.
    horizonYears: integer('horizon_years'),
    targetDate: date('target_date', { mode: 'string' }),
    apyPercent: numeric('apy_percent', { precision: 7, scale: 4 }).notNull().default('0'),
    planStartedOn: date('plan_started_on', { mode: 'string' }).notNull(),
    planStartCents: bigint('plan_start_cents', { mode: 'number' }).$type<Cents>().notNull(),
    planMonthlyCents: bigint('plan_monthly_cents', { mode: 'number' }).$type<Cents>().notNull(),
    milestoneReached: integer('milestone_reached').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lifestyle_goals_user_idx').on(t.userId, t.createdAt),
    check('lifestyle_goals_kind', sql`${t.kind} IN ('travel', 'car', 'home', 'wedding', 'education', 'other')`),
    check('lifestyle_goals_target_positive', sql`${t.targetAmountCents} > 0`),
    check('lifestyle_goals_plan_nonnegative', sql`${t.planStartCents} >= 0 AND ${t.planMonthlyCents} >= 0`),
    // Spelled with IS NOT NULL: `NULL IN (…)` is NULL, and a CHECK that is NULL passes, so the
    // first form (migration 0010) let a goal with neither through.
    check(
      'lifestyle_goals_horizon_or_date',
      sql`(${t.horizonYears} IS NOT NULL AND ${t.horizonYears} IN (1, 3, 5, 10) AND ${t.targetDate} IS NULL) OR (${t.horizonYears} IS NULL AND ${t.targetDate} IS NOT NULL)`,
    ),
    check('lifestyle_goals_apy_range', sql`${t.apyPercent} >= 0 AND ${t.apyPercent} <= 100`),
    check('lifestyle_goals_milestone', sql`${t.milestoneReached} IN (0, 25, 50, 75, 100)`),
    check('lifestyle_goals_version_positive', sql`${t.version} >= 1`),
  ],
);

export type LifestyleGoalRow = typeof lifestyleGoals.$inferSelect;
