import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user on an upcoming tool's waitlist. The tools themselves are the product's list in
 * @helo/contract/tools, so `tool_id` is checked by the service, not by a foreign key.
 */
export const toolWaitlist = pgTable(
  'tool_waitlist',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: text('tool_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.toolId] })],
);
