import type { Cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { nestAccounts } from './nest.ts';

/**
 * A bank file uploaded into My Wallet, between its preview and its commit. The decoded text is kept
 * so that a changed column mapping can read it again at commit; it is dropped (`content` null) once
 * committed, and an import never committed is deleted after a day.
 */
export const walletImports = pgTable(
  'wallet_imports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => nestAccounts.userId, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: ['csv', 'ofx'] }).notNull(),
    content: text('content'),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    // How many rows the commit inserted (duplicates are not counted).
    insertedCount: integer('inserted_count'),
    // While a commit writes the rows in chunks (import/staging.repository.ts's claim): whose claim it is
    // and when it last wrote. Rows of an import not committed yet are staged: nothing reads them, nothing
    // counts them (migration 0020's triggers).
    stagingToken: uuid('staging_token'),
    stagingAt: timestamp('staging_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_imports_user_idx').on(t.userId, t.createdAt),
    check('wallet_imports_format', sql`${t.format} IN ('csv', 'ofx')`),
    check('wallet_imports_committed', sql`(${t.committedAt} IS NULL) = (${t.insertedCount} IS NULL)`),
    check('wallet_imports_staging', sql`(${t.stagingToken} IS NULL) = (${t.stagingAt} IS NULL)`),
  ],
);

/**
 * My Wallet's spending (and refunds, and income a bank file lists): outflows are negative. The
 * category is the name of one of that month's budget categories, or 'Uncategorized'; it is a name,
 * not a key, because a budget's categories are rewritten on every save and a month may have no
 * budget. `fitid` is the bank's own id of an OFX/QFX transaction: at most one per user, so a file
 * imported twice adds nothing.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => nestAccounts.userId, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    payee: text('payee').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    category: text('category').notNull().default('Uncategorized'),
    note: text('note'),
    fitid: text('fitid'),
    importId: uuid('import_id').references(() => walletImports.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Keyset paging, newest first: (date, created_at, id) descending within a user.
    index('wallet_transactions_user_idx').on(t.userId, t.date, t.createdAt, t.id),
    index('wallet_transactions_user_category_idx').on(t.userId, t.category, t.date),
    // Search (`q`) is a substring match on payee and note: trigrams make it an index search, per
    // user (btree_gin), so a word common among other users does not send PostgreSQL through them.
    index('wallet_transactions_user_search_idx').using(
      'gin',
      t.userId,
      sql`(lower(${t.payee} || ' ' || coalesce(${t.note}, ''))) gin_trgm_ops`,
    ),
    uniqueIndex('wallet_transactions_fitid_unique').on(t.userId, t.fitid),
    index('wallet_transactions_import_idx').on(t.importId),
    check('wallet_transactions_amount_nonzero', sql`${t.amountCents} <> 0`),
    check('wallet_transactions_version_positive', sql`${t.version} >= 1`),
  ],
);

export type WalletImportRow = typeof walletImports.$inferSelect;
export type WalletTransactionRow = typeof walletTransactions.$inferSelect;
