import type { AddressInfo } from 'node:net';
import { outboxMail, userDebts } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { register } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { runLoanPaymentReminders } from '../modules/user-debts/testing.ts';
import { retryDelayMs } from './dispatcher.ts';
import { Mailer } from './mailer.ts';
import { smtpTransport } from './smtp-transport.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback; `reject` makes it refuse every message with a 451. */
async function startSmtp(state: { reject: boolean }) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.reject) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, received, url: `smtp://127.0.0.1:${port}` };
}

let t: TestApp | undefined;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
afterEach(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
  t = undefined;
  smtp = undefined;
});

// Quoted-printable soft line breaks split long links; undo them to read the mail as a person would.
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('mail over SMTP', () => {
  it('sends the verification mail with its absolute link to the SMTP server', async () => {
    smtp = await startSmtp({ reject: false });
    t = await createTestApp({ mailTransport: smtpTransport(smtp.url) });
    const { body } = await register(t);
    await t.mailDispatcher?.kick();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual([body.email]);
    expect(mail?.from).toBe('no-reply@helo.test');
    expect(decoded(mail?.raw ?? '')).toMatch(/Subject: Verify your email for Helo/);
    expect(decoded(mail?.raw ?? '')).toMatch(/http:\/\/helo\.test\/verify-email\?token=[\w-]{43}/);
    const [row] = await t.database.db.select().from(outboxMail).where(eq(outboxMail.toAddress, body.email));
    expect(row?.status).toBe('sent');
    // The outbox row names the message, so a copy resent after a crash is recognisably the same mail.
    expect(mail?.raw).toMatch(new RegExp(`^Message-ID: <${row?.id}@helo\\.test>\r?$`, 'im'));
    // Delivered: the link and its token are no longer kept at rest.
    expect(row?.textBody).not.toMatch(/token=/);
    expect(row?.htmlBody).not.toMatch(/token=/);
  });

  it('keeps the mail queued while the SMTP server refuses it, and delivers it on a later retry', async () => {
    const state = { reject: true };
    smtp = await startSmtp(state);
    t = await createTestApp({ mailTransport: smtpTransport(smtp.url) });
    const { body } = await register(t);
    await t.mailDispatcher?.kick();
    const rowOf = async () =>
      (await t?.database.db.select().from(outboxMail).where(eq(outboxMail.toAddress, body.email)))?.[0];

    let row = await rowOf();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/Mailbox busy/);
    // Still to be sent, so the body is still there.
    expect(row?.textBody).toMatch(/verify-email\?token=/);
    expect(smtp.received).toHaveLength(0);

    // Not retried before its back-off has passed.
    await t.mailDispatcher?.kick();
    expect((await rowOf())?.attempts).toBe(1);

    state.reject = false;
    t.clock.advance(retryDelayMs(1) + 1000);
    await t.mailDispatcher?.kick();
    row = await rowOf();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((m) => m.to[0])).toEqual([body.email]);
  });

  it('keeps the mail queued while no SMTP server answers at all', async () => {
    smtp = await startSmtp({ reject: false });
    const deadUrl = smtp.url;
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
    smtp = undefined;
    t = await createTestApp({ mailTransport: smtpTransport(deadUrl) });
    const { body } = await register(t);
    await t.mailDispatcher?.kick();
    const [row] = await t.database.db.select().from(outboxMail).where(eq(outboxMail.toAddress, body.email));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('retry back-off', () => {
  it('doubles from 30 seconds and stops growing at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(60 * 60_000);
  });
});

describe('reminders over SMTP', () => {
  it('mails a loan payment reminder through the SMTP server', async () => {
    smtp = await startSmtp({ reject: false });
    t = await createTestApp({ mailTransport: smtpTransport(smtp.url) });
    const { body, session } = await register(t);
    await t.database.db.insert(userDebts).values({
      userId: session.user.id,
      debtId: 3,
      initialLoanAmountCents: cents(4_000_000),
      monthlyPaymentCents: cents(32_050),
      interestRate: '4.9900',
      dueDate: '2026-11-22',
      dueDay: 22,
      position: 0,
    });
    const mailer = new Mailer(t.mailDispatcher, t.clock, t.app.log, false);
    expect(await runLoanPaymentReminders({ db: t.database.db, clock: t.clock, mailer })).toBe(1);
    await t.mailDispatcher?.kick();
    const reminder = smtp.received.find((m) => decoded(m.raw).includes('$320.50'));
    expect(reminder?.to).toEqual([body.email]);
    // Long headers are folded onto a second line; unfold before reading the subject.
    const headers = decoded(reminder?.raw ?? '').replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/Subject: Your student loan payment is due on November 22, 2026/);
  });
});
