import { sql } from 'drizzle-orm';
import {
  check,
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
    // The account the file's transactions go into (the user's pick; duplicates are judged within it).
    // An account is deleted only while it has no postings, and its uploads that were never imported go with it.
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: ['csv', 'ofx', 'qif', 'camt'] }).notNull(),
    content: text('content'),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    // How many rows the commit inserted (duplicates are not counted).
    insertedCount: integer('inserted_count'),
    // While a commit writes the rows in chunks (import/staging.repository.ts's claim): whose claim it is
    // and when it last wrote. The rows are journals of the ledger batch with the import's id, staged
    // until the commit publishes the batch (migration 0024).
    stagingToken: uuid('staging_token'),
    stagingAt: timestamp('staging_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_imports_user_idx').on(t.userId, t.createdAt),
    check('wallet_imports_format', sql`${t.format} IN ('csv', 'ofx', 'qif', 'camt')`),
    check('wallet_imports_committed', sql`(${t.committedAt} IS NULL) = (${t.insertedCount} IS NULL)`),
    check('wallet_imports_staging', sql`(${t.stagingToken} IS NULL) = (${t.stagingAt} IS NULL)`),
  ],
);

export type WalletImportRow = typeof walletImports.$inferSelect;

/**
 * The Helo account a statement file's account went into (decisions.md "Statement files of several
 * accounts"): the next file naming the same bank and account number goes there without asking. The
 * bank's numbers are kept as a SHA-256 of bank id and account id, enough to match and no more.
 */
export const walletImportAccounts = pgTable(
  'wallet_import_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => nestAccounts.userId, { onDelete: 'cascade' }),
    // sha256(bank id, account id) in hex, as import-accounts.ts writes it.
    fileAccount: text('file_account').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wallet_import_accounts_user_file_account').on(t.userId, t.fileAccount)],
);

/**
 * The CSV mapping the user confirmed (committed) for an account and a shape of bank file (a hash of
 * its header row and delimiter): the next file of that shape into that account is read with it and
 * imports without the mapping step. Goes with the account, and with the Nest as every import does.
 */
export const walletImportMappings = pgTable(
  'wallet_import_mappings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => nestAccounts.userId, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'cascade' }),
    shape: text('shape').notNull(),
    // The mapping as the API writes it (snake case), checked again against the contract when read.
    mapping: jsonb('mapping').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId, t.shape] })],
);
