import type { Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The user's emergency fund (one each): the setup answers in integer cents. Its money is not here:
 * the fund's account of the ledger (subject: this row) holds it, the starting amount being its
 * opening journal (issue 27).
 */
export const emergencyFunds = pgTable(
  'emergency_funds',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .unique('emergency_funds_user_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    // null: the question was not answered.
    isSaving: boolean('is_saving'),
    monthlyIncomeCents: bigint('monthly_income_cents', { mode: 'number' }).$type<Cents>().notNull(),
    monthlySavingCents: bigint('monthly_saving_cents', { mode: 'number' }).$type<Cents>().notNull(),
    monthlySavingWantCents: bigint('monthly_saving_want_cents', { mode: 'number' }).$type<Cents>().notNull(),
    // The highest milestone (percent of the 3-month target) already announced: 0, 25, 50, 75 or 100.
    // Each is announced once ever, so a balance that dips and climbs back does not notify again.
    milestoneReached: integer('milestone_reached').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('emergency_funds_monthly_income_nonnegative', sql`${t.monthlyIncomeCents} >= 0`),
    check('emergency_funds_monthly_saving_nonnegative', sql`${t.monthlySavingCents} >= 0`),
    check('emergency_funds_monthly_saving_want_nonnegative', sql`${t.monthlySavingWantCents} >= 0`),
    check('emergency_funds_milestone_reached', sql`${t.milestoneReached} IN (0, 25, 50, 75, 100)`),
  ],
);

export type EmergencyFundRow = typeof emergencyFunds.$inferSelect;
