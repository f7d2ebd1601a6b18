import type { Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ledgerAccounts } from './ledger.ts';
import { users } from './users.ts';

/**
 * A connection to the user's bank through an aggregator (issue 28 item 3; SimpleFIN Bridge first).
 * `access_sealed` is the provider's credential (SimpleFIN's access URL, which carries its own
 * basic-auth password) sealed by lib/secret-box.ts for this row: a copy of the database alone does
 * not read the bank. The last failure is kept on the row (shown, and notified once per new message);
 * a success clears it.
 */
export const bankConnections = pgTable(
  'bank_connections',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['simplefin'] }).notNull(),
    accessSealed: text('access_sealed').notNull(),
    // The bank (or bridge) as the provider names it, for the list.
    name: text('name').notNull(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    error: text('error'),
    errorAt: timestamp('error_at', { withTimezone: true }),
    // What the bank itself said on the last answer (SimpleFIN's `errors`), one message a line.
    bankMessages: text('bank_messages'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_connections_user_idx').on(t.userId, t.createdAt),
    check('bank_connections_provider', sql`${t.provider} IN ('simplefin')`),
    check('bank_connections_error', sql`(${t.error} IS NULL) = (${t.errorAt} IS NULL)`),
  ],
);

/**
 * One account at the bank, as the provider lists it, and the Helo account it syncs into (null: not
 * synced). The bank's balance is the bank's figure shown beside Helo's, not money of Helo's (that is
 * the ledger account's balance).
 */
export const bankConnectionAccounts = pgTable(
  'bank_connection_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => bankConnections.id, { onDelete: 'cascade' }),
    // The provider's id of the account: unique within the connection.
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    institution: text('institution'),
    accountId: uuid('account_id').references(() => ledgerAccounts.id, { onDelete: 'set null' }),
    bankBalanceCents: bigint('bank_balance_cents', { mode: 'number' }).$type<Cents>(),
    availableBalanceCents: bigint('available_balance_cents', { mode: 'number' }).$type<Cents>(),
    balanceDate: timestamp('balance_date', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_connection_accounts_user_idx').on(t.userId, t.connectionId),
    uniqueIndex('bank_connection_accounts_external_unique').on(t.connectionId, t.externalId),
  ],
);

/**
 * A pending transaction a sync posted (a journal group of My Wallet), kept until the bank posts it:
 * the posted one usually has another id, so it replaces the pending one found by amount and date.
 */
export const bankPendingTransactions = pgTable(
  'bank_pending_transactions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionAccountId: uuid('connection_account_id')
      .notNull()
      .references(() => bankConnectionAccounts.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull(),
    externalId: text('external_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_pending_transactions_account_idx').on(t.userId, t.connectionAccountId, t.date),
    uniqueIndex('bank_pending_transactions_external_unique').on(t.connectionAccountId, t.externalId),
  ],
);

export type BankConnectionRow = typeof bankConnections.$inferSelect;
export type BankConnectionAccountRow = typeof bankConnectionAccounts.$inferSelect;
export type BankPendingTransactionRow = typeof bankPendingTransactions.$inferSelect;
