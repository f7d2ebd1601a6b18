import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Single-use tokens mailed to the user (email verification, password reset), stored as hashes. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
    // The housekeeping job deletes by expiry.
    index('one_time_tokens_expires_idx').on(t.expiresAt),
  ],
);

export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
