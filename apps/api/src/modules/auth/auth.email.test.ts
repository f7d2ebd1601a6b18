import { outboxMail } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  GOOD_PASSWORD,
  mailedToken,
  register,
  registerUnverified,
  uniqueEmail,
  verifyByMail,
} from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t().app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, headers });
const mailsTo = (email: string) => t().database.db.select().from(outboxMail).where(eq(outboxMail.toAddress, email));
const HOUR = 60 * 60 * 1000;

describe('email verification', () => {
  it('verifies once; a second click on the same link reports it is already verified', async () => {
    const { body } = await registerUnverified(t());
    const token = await mailedToken(t(), body.email, 'verify_email');
    const first = await post('verify-email', { token });
    expect(first.json()).toEqual({ message: 'Email verified successfully', data: { email_verified: true } });
    const again = await post('verify-email', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Your email has already been verified', data: { email_verified: true } });
  });

  it('refuses an unknown token and one older than 24 hours', async () => {
    expect((await post('verify-email', { token: 'no-such-token' })).statusCode).toBe(400);
    const { body, session } = await registerUnverified(t());
    const token = await mailedToken(t(), body.email, 'verify_email');
    t().clock.advance(24 * HOUR + 1000);
    const late = await post('verify-email', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/invalid or has expired/);
    const info = await post('token', { refresh_token: session.refresh_token });
    expect(info.json().data.user.email_verified).toBe(false);
  });

  it('resends a fresh link to a signed-in unverified user, and needs a session', async () => {
    const { body, session } = await registerUnverified(t());
    expect((await post('resend-verification-email')).statusCode).toBe(401);
    const res = await post('resend-verification-email', {}, bearer(session.access_token));
    expect(res.json()).toEqual({ message: 'Email sent successfully', data: null });
    const mails = (await mailsTo(body.email)).filter((m) => m.kind === 'verify_email');
    expect(mails).toHaveLength(2);
    const verified = await verifyByMail(t(), body.email, session.refresh_token);
    const after = await post('resend-verification-email', {}, bearer(verified.session?.access_token ?? ''));
    expect(after.json().message).toBe('Your email is already verified');
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists, and mails only real accounts', async () => {
    const { body } = await register(t());
    const known = await post('forgot-password', { email: body.email.toUpperCase() });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await post('forgot-password', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await t().app.backgroundWork.drain();
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
    const reset = (await mailsTo(body.email)).find((m) => m.kind === 'reset_password');
    expect(reset?.textBody).toMatch(/http:\/\/helo\.test\/reset-password\?token=[\w-]{43}/);
  });

  it('answers before looking the address up, so its timing can not tell whether an account exists', async () => {
    const { body } = await register(t());
    const held: (() => void)[] = [];
    const work = t().app.backgroundWork;
    const schedule = work.schedule;
    work.schedule = (start) => held.push(start);
    try {
      const known = await post('forgot-password', { email: body.email });
      const unknown = await post('forgot-password', { email: uniqueEmail('ghost') });
      // Both answered while the lookup and the mail had not even started.
      expect(held).toHaveLength(2);
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect((await mailsTo(body.email)).map((m) => m.kind)).not.toContain('reset_password');
    } finally {
      work.schedule = schedule;
      for (const start of held) start();
    }
    await work.drain();
    expect((await mailsTo(body.email)).map((m) => m.kind)).toContain('reset_password');
  });

  it('resets once, signs out every session, and mails a notice', async () => {
    const { body, session } = await register(t());
    await post('forgot-password', { email: body.email });
    const token = await mailedToken(t(), body.email, 'reset_password');
    const res = await post('reset-password', { token, password: 'fresh-passphrase-2026' });
    expect(res.statusCode).toBe(200);
    expect((await post('token', { refresh_token: session.refresh_token })).statusCode).toBe(403);
    const reused = await post('reset-password', { token, password: 'another-passphrase-2026' });
    expect(reused.statusCode).toBe(400);
    expect((await post('login', { email: body.email, password: 'fresh-passphrase-2026' })).statusCode).toBe(200);
    expect((await mailsTo(body.email)).some((m) => m.kind === 'password_changed')).toBe(true);
  });

  it('refuses a link older than one hour, and an older link once a newer one was sent', async () => {
    const { body } = await register(t());
    await post('forgot-password', { email: body.email });
    const older = await mailedToken(t(), body.email, 'reset_password');
    t().clock.advance(1000);
    await post('forgot-password', { email: body.email });
    const newer = await mailedToken(t(), body.email, 'reset_password');
    expect((await post('reset-password', { token: older, password: 'fresh-passphrase-2026' })).statusCode).toBe(400);
    t().clock.advance(HOUR + 1000);
    expect((await post('reset-password', { token: newer, password: 'fresh-passphrase-2026' })).statusCode).toBe(400);
    expect((await post('login', { email: body.email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('applies the password policy and keeps the token usable after a refused password', async () => {
    const { body } = await register(t());
    await post('forgot-password', { email: body.email });
    const token = await mailedToken(t(), body.email, 'reset_password');
    const weak = await post('reset-password', { token, password: body.email });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].path).toBe('password');
    expect((await post('reset-password', { token, password: 'fresh-passphrase-2026' })).statusCode).toBe(200);
  });
});
