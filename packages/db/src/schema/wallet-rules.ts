import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * My Wallet's rules (issue 29 item 1, decisions.md "Rules: order and what wins"): the user's ordered
 * list (`position` from 1), each rule's conditions and actions as the contract's JSON (validated by it
 * on the way in, read back through it too). At most 500 per user (the service counts under the user's lock).
 */
export const walletRules = pgTable(
  'wallet_rules',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    conditions: jsonb('conditions').$type<unknown[]>().notNull(),
    actions: jsonb('actions').$type<unknown[]>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_rules_user_position_idx').on(t.userId, t.position),
    check('wallet_rules_position_positive', sql`${t.position} >= 1`),
  ],
);
export type WalletRuleRow = typeof walletRules.$inferSelect;

/**
 * A rule applied to past transactions, kept for its one undo: the rule (no foreign key: the rule may be
 * deleted and the application still undone), when, and when undone.
 */
export const walletRuleApplications = pgTable(
  'wallet_rule_applications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('wallet_rule_applications_user_idx').on(t.userId, t.createdAt)],
);
export type WalletRuleApplicationRow = typeof walletRuleApplications.$inferSelect;

/**
 * Each transaction an application changed: its id (the journal group), the live journal before and the
 * one the correction posted (undo reverses `after` and posts `before` again, unless the transaction
 * was changed since: then its live journal is no longer `after`), and the tags it added.
 */
export const walletRuleApplicationItems = pgTable(
  'wallet_rule_application_items',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => walletRuleApplications.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull(),
    beforeJournalId: uuid('before_journal_id').notNull(),
    afterJournalId: uuid('after_journal_id').notNull(),
    tagsAdded: jsonb('tags_added').$type<string[]>().notNull().default([]),
  },
  (t) => [index('wallet_rule_application_items_user_idx').on(t.userId, t.applicationId)],
);
export type WalletRuleApplicationItemRow = typeof walletRuleApplicationItems.$inferSelect;
