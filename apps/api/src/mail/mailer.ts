import type { Db } from '@helo/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import type { MailDispatcher } from './dispatcher.ts';
import { queueMail } from './outbox.ts';
import type { MailMessage } from './templates.ts';

/**
 * What features use to send mail: `queue` inside their transaction, `afterCommit` once it committed
 * (so nothing is announced or sent for a change that rolled back).
 */
export class Mailer {
  private readonly dispatcher: MailDispatcher | undefined;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  // Links carry tokens: they are logged for a developer's convenience, never in production.
  private readonly logLinks: boolean;

  constructor(dispatcher: MailDispatcher | undefined, clock: Clock, log: FastifyBaseLogger, logLinks: boolean) {
    this.dispatcher = dispatcher;
    this.clock = clock;
    this.log = log;
    this.logLinks = logLinks;
  }

  queue(db: Db, mail: MailMessage): Promise<void> {
    return queueMail(db, mail, this.dispatcher ? 'smtp' : 'outbox', this.clock.now());
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
      this.log.info({ mail: summary, ...(this.logLinks ? { text: mail.text } : {}) }, 'mail written to outbox');
    }
  }
}
