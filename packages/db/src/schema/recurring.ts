import type { Cents } from '@helo/finance/cents';
import type { Cadence } from '@helo/finance/recurring';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ledgerAccounts } from './ledger.ts';
import { users } from './users.ts';

/**
 * A recurring series (issue 30 item 1): income, a bill, a subscription or a transfer on a cadence.
 * Its amount is what is expected each time, not money held (that is the ledger's). `payee_key` is the
 * payee its real payments carry, as the matcher compares it (a found series': its merchant name; one
 * made by hand: its name's). The last price change seen is kept with the day it was noticed.
 */
export const recurringSeries = pgTable(
  'recurring_series',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['income', 'bill', 'subscription', 'transfer'] }).notNull(),
    cadence: jsonb('cadence').$type<Cadence>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    amountVaries: boolean('amount_varies').notNull().default(false),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'cascade' }),
    toAccountId: uuid('to_account_id').references(() => ledgerAccounts.id, { onDelete: 'cascade' }),
    category: text('category'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    throughNest: boolean('through_nest').notNull().default(false),
    recordForMe: boolean('record_for_me').notNull().default(false),
    payeeKey: text('payee_key').notNull(),
    /** The suggestion it was accepted from (its key), if any. */
    foundKey: text('found_key'),
    priceChangeDate: date('price_change_date'),
    priceChangeFromCents: bigint('price_change_from_cents', { mode: 'number' }).$type<Cents>(),
    priceChangeToCents: bigint('price_change_to_cents', { mode: 'number' }).$type<Cents>(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recurring_series_user_idx').on(t.userId, t.createdAt),
    check('recurring_series_amount_positive', sql`${t.amountCents} > 0`),
    check('recurring_series_dates', sql`${t.endDate} IS NULL OR ${t.endDate} >= ${t.startDate}`),
    check('recurring_series_version_positive', sql`${t.version} >= 1`),
    check('recurring_series_kind', sql`${t.kind} IN ('income', 'bill', 'subscription', 'transfer')`),
    check('recurring_series_transfer_account', sql`(${t.kind} = 'transfer') = (${t.toAccountId} IS NOT NULL)`),
  ],
);

/**
 * A real transaction matched to a series' due date: the Wallet transaction's group id (the id the
 * pages show). A due date is paid once; a transaction pays one due date.
 */
export const recurringPayments = pgTable(
  'recurring_payments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => recurringSeries.id, { onDelete: 'cascade' }),
    dueDate: date('due_date').notNull(),
    groupId: uuid('group_id').notNull(),
    /** The transaction's own date and amount (positive) when it was matched. */
    date: date('date').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.dueDate] }),
    uniqueIndex('recurring_payments_group_unique').on(t.userId, t.groupId),
    index('recurring_payments_user_idx').on(t.userId, t.dueDate),
  ],
);

/** A found series the user dismissed: its key is never offered again. */
export const recurringDismissed = pgTable(
  'recurring_dismissed',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export type RecurringSeriesRow = typeof recurringSeries.$inferSelect;
export type RecurringPaymentRow = typeof recurringPayments.$inferSelect;
