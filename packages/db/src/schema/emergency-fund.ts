import type { Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The user's emergency fund (one each): the setup answers in integer cents. The saved amount is not
 * stored: it is `starting_amount_cents` plus the entries below, so it can never disagree with them.
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
    startingAmountCents: bigint('starting_amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
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
    check('emergency_funds_starting_amount_nonnegative', sql`${t.startingAmountCents} >= 0`),
    check('emergency_funds_monthly_income_nonnegative', sql`${t.monthlyIncomeCents} >= 0`),
    check('emergency_funds_monthly_saving_nonnegative', sql`${t.monthlySavingCents} >= 0`),
    check('emergency_funds_monthly_saving_want_nonnegative', sql`${t.monthlySavingWantCents} >= 0`),
    check('emergency_funds_milestone_reached', sql`${t.milestoneReached} IN (0, 25, 50, 75, 100)`),
  ],
);

/**
 * The fund's ledger: deposits and withdrawals, always a positive amount. `user_id` is repeated so
 * every query filters on the user (and a sharded database keeps a user's rows together).
 */
export const emergencyFundEntries = pgTable(
  'emergency_fund_entries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => emergencyFunds.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['deposit', 'withdrawal'] }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('emergency_fund_entries_user_idx').on(t.userId, t.date, t.createdAt, t.id),
    index('emergency_fund_entries_fund_idx').on(t.fundId),
    check('emergency_fund_entries_kind', sql`${t.kind} IN ('deposit', 'withdrawal')`),
    check('emergency_fund_entries_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export type EmergencyFundRow = typeof emergencyFunds.$inferSelect;
export type EmergencyFundEntryRow = typeof emergencyFundEntries.$inferSelect;
