import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The Vault of a user who activated it: the row is the activation, and it keeps the running totals
 * the quota is checked against under its row lock (two uploads at once cannot both pass the quota).
 */
export const vaultAccounts = pgTable(
  'vault_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
    // The sum of the files' size_bytes and their count, kept by the service in the transaction that
    // adds or removes a file.
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    fileCount: integer('file_count').notNull().default(0),
  },
  (t) => [
    check('vault_accounts_used_bytes_not_negative', sql`${t.usedBytes} >= 0`),
    check('vault_accounts_file_count_not_negative', sql`${t.fileCount} >= 0`),
  ],
);

/**
 * One document's metadata. Its bytes are in the file storage under `storage_key`, encrypted with a
 * data key of its own; `wrapped_key` is that key sealed under the Vault master key (VAULT_KEY), so the
 * database alone opens nothing and the storage alone opens nothing.
 */
export const vaultFiles = pgTable(
  'vault_files',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => vaultAccounts.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    // The document's own size (what was uploaded), which the quota counts.
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    wrappedKey: text('wrapped_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vault_files_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('vault_files_storage_key').on(t.storageKey),
    check('vault_files_size_not_negative', sql`${t.sizeBytes} >= 0`),
    check(
      'vault_files_kind',
      sql`${t.kind} IN ('pdf', 'png', 'jpeg', 'heic', 'webp', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'csv', 'txt')`,
    ),
  ],
);
