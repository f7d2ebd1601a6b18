import type { Db } from '@helo/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import type { MailDispatcher } from './dispatcher.ts';
import { queueMail } from './outbox.ts';
import type { MailMessage } from './templates.ts';

/** The body of a mail that had nowhere to go (production without SMTP). */
export const WITHHELD_BODY = '[not stored: no SMTP server is configured]';

/**
 * What features use to send mail: `queue` inside their transaction, `afterCommit` once it committed
 * (so nothing is announced or sent for a change that rolled back).
 */
export class Mailer {
  private readonly dispatcher: MailDispatcher | undefined;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  // Links carry tokens: outside production the outbox is readable on this machine and the log shows
  // them for a developer's convenience; in production neither happens.
  private readonly outboxReadable: boolean;

  constructor(dispatcher: MailDispatcher | undefined, clock: Clock, log: FastifyBaseLogger, outboxReadable: boolean) {
    this.dispatcher = dispatcher;
    this.clock = clock;
    this.log = log;
    this.outboxReadable = outboxReadable;
  }

  queue(db: Db, mail: MailMessage): Promise<void> {
    if (this.dispatcher) return queueMail(db, mail, 'smtp', this.clock.now());
    // Nobody can read an outbox in production, so its bodies would only be secrets at rest.
    const stored = this.outboxReadable ? mail : { ...mail, text: WITHHELD_BODY, html: WITHHELD_BODY };
    return queueMail(db, stored, 'outbox', this.clock.now());
  }

  afterCommit(mails: MailMessage[]): void {
    if (mails.length === 0) return;
    if (this.dispatcher) {
      void this.dispatcher.kick();
      return;
    }
    // The embedded default: the server log is where a developer finds the links.
    for (const mail of mails) {
      const summary = { to: mail.to, subject: mail.subject, kind: mail.kind };
      this.log.info({ mail: summary, ...(this.outboxReadable ? { text: mail.text } : {}) }, 'mail written to outbox');
    }
  }
}
