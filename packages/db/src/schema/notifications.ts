import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    // Set for notifications that must exist once only (e.g. one reminder per loan due date).
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
  ],
);

/** What the user wants by email; security mail is always sent and has no switch. */
export const emailReminderPreferences = pgTable('email_reminder_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  paymentDueReminders: boolean('payment_due_reminders').notNull(),
  paymentDueLeadDays: integer('payment_due_lead_days').notNull(),
  goalMilestones: boolean('goal_milestones').notNull(),
  monthlySummary: boolean('monthly_summary').notNull(),
  productNews: boolean('product_news').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationRow = typeof notifications.$inferSelect;
export type EmailReminderPreferencesRow = typeof emailReminderPreferences.$inferSelect;
