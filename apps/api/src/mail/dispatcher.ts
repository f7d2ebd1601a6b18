import type { Db } from '@helo/db/client';
import { outboxMail } from '@helo/db/schema';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import { ACCOUNT_DELETED_MAIL } from './templates.ts';

export interface MailTransport {
  send(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
  }): Promise<void>;
  close?(): void;
}

/** What a mail's body becomes once it no longer needs to be kept. */
export const REMOVED_BODY = '[removed after delivery]';

const BATCH = 10;
// A claimed mail is hidden from other dispatchers for this long, so two servers never send it twice.
const LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * The outbox row's id as the Message-ID: a server killed after the SMTP server took a mail but before
 * it was marked sent makes another server send it again after the lease, and the copy carries the
 * same id, so mail systems (and our chaos check) can tell it is the same message.
 */
export function messageIdOf(outboxId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'helo.local';
  return `<${outboxId}@${domain}>`;
}

/** Exponential back-off from 30 s, capped at an hour: a long SMTP outage delays mail, never drops it. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** Sends 'pending' outbox mail over SMTP, now (kick) and on a timer (retries). */
export class MailDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private followUp: Promise<void> | undefined;

  private readonly db: Db;
  private readonly transport: MailTransport;
  private readonly from: string;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, transport: MailTransport, from: string, clock: Clock, log: FastifyBaseLogger) {
    this.db = db;
    this.transport = transport;
    this.from = from;
    this.clock = clock;
    this.log = log;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  /**
   * Starts a delivery pass, or, while one runs, queues one more to follow it (never two at once).
   * Resolves when a pass that began after this call has finished: the mail due now was tried.
   */
  kick(): Promise<void> {
    if (this.running) {
      this.followUp ??= this.running.then(() => {
        this.followUp = undefined;
        return this.kick();
      });
      return this.followUp;
    }
    this.running = this.deliverDue()
      .catch((err) => this.log.error({ err }, 'mail delivery pass failed'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.followUp;
    await this.running;
    this.transport.close?.();
  }

  private async deliverDue(): Promise<void> {
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return;
      for (const mail of batch) await this.deliver(mail);
      if (batch.length < BATCH) return;
    }
  }

  private async claim() {
    const now = this.clock.now();
    const due = this.db
      .select({ id: outboxMail.id })
      .from(outboxMail)
      .where(and(eq(outboxMail.status, 'pending'), lte(outboxMail.nextAttemptAt, now)))
      .orderBy(asc(outboxMail.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return this.db
      .update(outboxMail)
      .set({ attempts: sql`${outboxMail.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(outboxMail.id, due))
      .returning();
  }

  private async deliver(mail: typeof outboxMail.$inferSelect): Promise<void> {
    try {
      await this.transport.send({
        from: this.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        messageId: messageIdOf(mail.id, this.from),
      });
      // The goodbye mail's address is the last trace of a deleted account: once delivered, its row goes.
      if (mail.kind === ACCOUNT_DELETED_MAIL) {
        await this.db.delete(outboxMail).where(eq(outboxMail.id, mail.id));
        return;
      }
      await this.db
        .update(outboxMail)
        // The bodies hold verification and reset links: once the mail left, nothing needs them here.
        .set({
          status: 'sent',
          sentAt: this.clock.now(),
          lastError: null,
          textBody: REMOVED_BODY,
          htmlBody: REMOVED_BODY,
        })
        .where(eq(outboxMail.id, mail.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const next = new Date(this.clock.now().getTime() + retryDelayMs(mail.attempts));
      await this.db
        .update(outboxMail)
        .set({ lastError: message.slice(0, 500), nextAttemptAt: next })
        .where(eq(outboxMail.id, mail.id));
      this.log.warn({ mailId: mail.id, attempts: mail.attempts, err: message }, 'mail not delivered; will retry');
    }
  }
}
