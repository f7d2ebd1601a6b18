import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Answers to the feedback screen. The user is known when they were signed in, else null. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // One entry per question: the index of the chosen option, or null when skipped.
    answers: integer('answers').array().notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt), index('feedback_user_idx').on(t.userId)],
);
