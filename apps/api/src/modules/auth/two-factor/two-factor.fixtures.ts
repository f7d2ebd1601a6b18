import { outboxMail } from '@helo/db/schema';
import { desc, eq } from 'drizzle-orm';
import { bearer, elevate, GOOD_PASSWORD, register } from '../../../../test/accounts.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { totpCode } from './totp.ts';

// For tests (this module's and others' that need an account with two-factor sign-in on).

export const post = (t: TestApp, url: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/${url}`,
    payload,
    ...(token ? { headers: bearer(token) } : {}),
  });

/** The code the user's app shows now (by the test clock). */
export const codeNow = (t: TestApp, secret: string, offsetSteps = 0) =>
  totpCode(secret, new Date(t.clock.now().getTime() + offsetSteps * 30_000));

/**
 * A registered account with two-factor sign-in on: its secret, recovery codes, and a session. The
 * clock is moved to the next 30-second step, so the code used to enable does not count as a replay.
 */
export async function twoFactorUser(t: TestApp) {
  const { body, session } = await register(t);
  await elevate(t, session);
  const setup = await post(t, '2fa/setup', {}, session.access_token);
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const secret = setup.json().data.secret as string;
  const enabled = await post(t, '2fa/enable', { code: codeNow(t, secret) }, session.access_token);
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.statusCode} ${enabled.body}`);
  t.clock.advance(30_000);
  return {
    email: body.email,
    password: GOOD_PASSWORD,
    userId: session.user.id,
    accessToken: session.access_token,
    secret,
    recoveryCodes: enabled.json().data.recovery_codes as string[],
  };
}

/** The password step of a two-factor account: the challenge. */
export async function passwordStep(t: TestApp, email: string, password = GOOD_PASSWORD): Promise<string> {
  const res = await post(t, 'login', { email, password });
  if (res.statusCode !== 200 || !res.json().data.challenge) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return res.json().data.challenge;
}

/** The mail sent to an address, newest first. */
export async function mailsTo(t: TestApp, to: string) {
  return t.database.db
    .select({ kind: outboxMail.kind, subject: outboxMail.subject, text: outboxMail.textBody })
    .from(outboxMail)
    .where(eq(outboxMail.toAddress, to.toLowerCase()))
    .orderBy(desc(outboxMail.createdAt));
}

export async function notificationTitles(t: TestApp, accessToken: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(accessToken) });
  return (res.json().data as { title: string }[]).map((n) => n.title);
}
