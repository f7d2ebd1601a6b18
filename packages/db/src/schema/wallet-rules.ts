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
