import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A tag on a My Wallet transaction (issue 29 item 7): the transaction is the ledger's journal group
 * (`group_id`, the id the pages show, kept by every correction). Tags are not money, so they are a
 * plain table beside the ledger, written in the same transaction as the journal. A transaction has a
 * tag once in any case; a user's tags are listed and filtered by lower(tag). A deleted transaction's
 * tags stay with its group (an undo posts the group again, tags and all); only live journals count.
 */
export const walletTransactionTags = pgTable(
  'wallet_transaction_tags',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull(),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_transaction_tags_unique').on(t.userId, t.groupId, sql`lower(${t.tag})`),
    // The filter by tag and the list of the user's tags.
    index('wallet_transaction_tags_tag_idx').on(t.userId, sql`lower(${t.tag})`),
    // As the contract's tag: trimmed, 1 to 40 characters, no comma (the web's separator).
    check(
      'wallet_transaction_tags_tag',
      sql`char_length(${t.tag}) BETWEEN 1 AND 40 AND ${t.tag} = btrim(${t.tag}) AND position(',' in ${t.tag}) = 0`,
    ),
  ],
);

export type WalletTransactionTagRow = typeof walletTransactionTags.$inferSelect;
