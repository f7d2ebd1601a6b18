import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A change of many transactions at once that one undo takes back (issue 29: a bulk edit, a rule
 * applied to past transactions; decisions.md "Bulk edit and one undo"). The money is in the ledger:
 * an item names the journal each transaction had before (`before_journal_id`) and the one the change
 * left (`after_journal_id`: its correction, or for a deletion its reversal; the same as before when
 * only its tags changed), so an undo can tell a transaction changed since (its live journal is no
 * longer `after`) and put back the rest. `tags` is what the change did to its tags
 * (`{ "added": [...], "removed": [...] }`), null when it did nothing to them. A rule's application
 * is one (kind 'rule.apply', `rule_id` its rule; no foreign key: the rule may be deleted and its
 * application still undone); `rule_id` is null for every other kind.
 */
export const walletEdits = pgTable(
  'wallet_edits',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // What made it: 'bulk.set_category', 'bulk.delete', 'rule.apply', …
    kind: text('kind').notNull(),
    ruleId: uuid('rule_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_edits_user_idx').on(t.userId, t.createdAt),
    check('wallet_edits_kind_length', sql`char_length(${t.kind}) BETWEEN 1 AND 40`),
  ],
);

export interface EditTags {
  added: string[];
  removed: string[];
}

export const walletEditItems = pgTable(
  'wallet_edit_items',
  {
    editId: uuid('edit_id')
      .notNull()
      .references(() => walletEdits.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The transaction's id (its journals' group).
    groupId: uuid('group_id').notNull(),
    beforeJournalId: uuid('before_journal_id').notNull(),
    afterJournalId: uuid('after_journal_id').notNull(),
    tags: jsonb('tags').$type<EditTags>(),
  },
  (t) => [primaryKey({ columns: [t.editId, t.groupId] }), index('wallet_edit_items_user_idx').on(t.userId, t.groupId)],
);

export type WalletEditRow = typeof walletEdits.$inferSelect;
export type WalletEditItemRow = typeof walletEditItems.$inferSelect;
