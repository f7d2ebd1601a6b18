import type { Db } from '@helo/db/client';
import { outboxMail } from '@helo/db/schema';
import type { MailMessage } from './templates.ts';

/**
 * Writes the mail in the caller's transaction. With SMTP it waits as 'pending' for the dispatcher;
 * without SMTP the outbox row is the delivery (status 'outbox').
 */
export async function queueMail(db: Db, mail: MailMessage, mode: 'smtp' | 'outbox', now: Date): Promise<void> {
  await db.insert(outboxMail).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    kind: mail.kind,
    status: mode === 'smtp' ? 'pending' : 'outbox',
    createdAt: now,
    nextAttemptAt: now,
  });
}
