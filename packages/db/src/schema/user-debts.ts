import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { debts } from './catalogues.ts';
import { users } from './users.ts';

/** A user's loan: amounts in integer cents, the rate in percent, the next payment date as a day. */
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
    initialLoanAmountCents: bigint('initial_loan_amount_cents', { mode: 'number' }).notNull(),
    outstandingBalanceCents: bigint('outstanding_balance_cents', { mode: 'number' }).notNull(),
    monthlyPaymentCents: bigint('monthly_payment_cents', { mode: 'number' }).notNull(),
    interestRate: numeric('interest_rate', { precision: 7, scale: 4 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    // The order the user listed them in (also the "custom" payoff order).
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_debts_user_idx').on(t.userId, t.position), index('user_debts_due_idx').on(t.dueDate)],
);

export type UserDebtRow = typeof userDebts.$inferSelect;
