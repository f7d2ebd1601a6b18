import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** "Connect with an Advisor": the user's one request, updated when they send the form again. */
export const connectRequests = pgTable(
  'connect_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .unique('connect_requests_user_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    // The professionals' names as the spec lists them; the contract keeps them to that list.
    professionalsNeed: text('professionals_need').array().notNull(),
    hasWorkingProfessional: boolean('has_working_professional').notNull(),
    satisfactionLevel: text('satisfaction_level'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('connect_requests_professionals_not_empty', sql`cardinality(${t.professionalsNeed}) >= 1`),
    check(
      'connect_requests_satisfaction_level',
      sql`${t.satisfactionLevel} IS NULL OR ${t.satisfactionLevel} IN ('very_dissatisfied', 'dissatisfied', 'satisfied', 'very_satisfied')`,
    ),
  ],
);

export type ConnectRequestRow = typeof connectRequests.$inferSelect;
