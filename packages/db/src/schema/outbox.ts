import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every mail the product sends is first written here, in the same transaction as the change that
 * caused it (transactional outbox): a mail is never lost because the SMTP server was down, and never
 * sent for a change that rolled back. Without SMTP the row itself is the delivery (status 'outbox').
 */
export const outboxMail = pgTable(
  'outbox_mail',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'outbox'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_mail_due_idx').on(t.status, t.nextAttemptAt), index('outbox_mail_created_idx').on(t.createdAt)],
);

export type OutboxMailRow = typeof outboxMail.$inferSelect;
