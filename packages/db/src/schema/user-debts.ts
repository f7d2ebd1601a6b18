import type { Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { debts } from './catalogues.ts';
import { users } from './users.ts';

/**
 * A user's loan: amounts in integer cents, the rate in percent, the next payment date as a day.
 * The id lives as long as the loan (saves update rows in place), so reminders and the ledger point
 * at it; `version` counts the writes, so a save from a stale copy is refused. What is still owed is
 * not here: it is the loan's account in the ledger (a liability: its balance is minus what is owed),
 * opened from the balance typed, lowered by each payment's principal (issue 27).
 */
export const userDebts = pgTable(
  'user_debts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    initialLoanAmountCents: bigint('initial_loan_amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    monthlyPaymentCents: bigint('monthly_payment_cents', { mode: 'number' }).$type<Cents>().notNull(),
    interestRate: numeric('interest_rate', { precision: 7, scale: 4 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    // The day of the month the loan falls due, as the user gave it: a date rolled into a shorter
    // month (Jan 31 → Feb 28) goes back to it the month after (→ Mar 31).
    dueDay: integer('due_day').notNull(),
    // The lender or the user's own name for the loan (issue 25); null: none given.
    nickname: text('nickname'),
    // The order the user listed them in (also the "custom" payoff order).
    position: integer('position').notNull(),
    // 1 when created, +1 on every write of the row: a client sends the version it read.
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_debts_user_idx').on(t.userId, t.position),
    index('user_debts_due_idx').on(t.dueDate),
    // The contract's bounds, kept by the database too: no write path (a job, a script, a future
    // ledger) can store a negative amount or a rate outside 0–100 %.
    check('user_debts_initial_loan_amount_nonnegative', sql`${t.initialLoanAmountCents} >= 0`),
    check('user_debts_monthly_payment_nonnegative', sql`${t.monthlyPaymentCents} >= 0`),
    check('user_debts_interest_rate_range', sql`${t.interestRate} >= 0 AND ${t.interestRate} <= 100`),
    check('user_debts_version_positive', sql`${t.version} >= 1`),
    check('user_debts_due_day_range', sql`${t.dueDay} BETWEEN 1 AND 31`),
    // The contract trims it and stores '' as null; 40 characters at most.
    check('user_debts_nickname_length', sql`char_length(${t.nickname}) BETWEEN 1 AND 40`),
  ],
);

export type UserDebtRow = typeof userDebts.$inferSelect;

/**
 * The payoff plans' settings of a user's loans (issue 25): the "Extra each month" the plans were
 * last worked out with, so it is there on the next visit. One row per user, written on the first
 * change; no row reads as $0.
 */
export const loanPlans = pgTable(
  'loan_plans',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    extraMonthlyCents: bigint('extra_monthly_cents', { mode: 'number' }).$type<Cents>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('loan_plans_extra_monthly_nonnegative', sql`${t.extraMonthlyCents} >= 0`)],
);
export type LoanPlanRow = typeof loanPlans.$inferSelect;
