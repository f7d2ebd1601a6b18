import { outboxMail, users } from '@helo/db/schema';
import { desc, eq } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';

let counter = 0;
/** A unique address per call, so tests sharing a database never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${Date.now()}@example.com`;
}

export const GOOD_PASSWORD = 'violet-harbor-lantern-42';

/**
 * A new account through the API, its email verified (as the owner's click on the mailed link would
 * make it, without the link's side effects: the registration's session goes on, no extra mail or
 * notification), so it may use every feature route. `registerUnverified` for the state before that.
 */
export async function register(t: TestApp, overrides: Record<string, unknown> = {}) {
  const registered = await registerUnverified(t, overrides);
  await t.database.db
    .update(users)
    .set({ emailVerifiedAt: t.clock.now() })
    .where(eq(users.id, registered.session.user.id));
  registered.session.user.email_verified = true;
  return registered;
}

/** A new account through the API whose email is not verified: only the routes of plugins/require-verified.ts work. */
export async function registerUnverified(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    ...overrides,
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return {
    body,
    session: res.json().data as {
      access_token: string;
      refresh_token: string;
      user: { id: string; email_verified: boolean };
    },
  };
}

/** The token in the newest mail of that kind sent to that address. */
export async function mailedToken(t: TestApp, to: string, kind: 'verify_email' | 'reset_password'): Promise<string> {
  // Some mail (the reset link) is written after the answer; wait for that work to finish.
  await t.app.backgroundWork.drain();
  const rows = await t.database.db
    .select()
    .from(outboxMail)
    .where(eq(outboxMail.toAddress, to.toLowerCase()))
    .orderBy(desc(outboxMail.createdAt));
  const mail = rows.find((r) => r.kind === kind);
  const token = mail?.textBody.match(/token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no ${kind} mail for ${to}`);
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Opens the mailed verification link, from the browser that holds the session's refresh cookie
 * when `refreshToken` is given. The first proof of the address ends every session, and that browser
 * gets a new one: its access token, and the refresh token of the cookie it was given.
 */
export async function verifyByMail(t: TestApp, email: string, refreshToken?: string) {
  const token = await mailedToken(t, email, 'verify_email');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-email',
    payload: { token },
    ...(refreshToken ? { cookies: { helo_refresh: refreshToken } } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`verify-email failed: ${res.statusCode} ${res.body}`);
  const session = res.json().data.session as { access_token: string; user: { id: string } } | undefined;
  const cookie = res.cookies.find((c) => c.name === 'helo_refresh')?.value;
  return { res, session: session && cookie ? { ...session, refresh_token: cookie } : undefined };
}

/**
 * Sudo mode for a test's session: proves the password again (`POST /v1/auth/reauthenticate`), so the
 * sensitive routes (passkeys, two-factor, change-password, export, deletion) answer for 5 minutes of
 * the test clock.
 */
export async function elevate(t: TestApp, session: { access_token: string } | string, password = GOOD_PASSWORD) {
  const token = typeof session === 'string' ? session : session.access_token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/reauthenticate',
    headers: bearer(token),
    payload: { password },
  });
  if (res.statusCode !== 200) throw new Error(`reauthenticate failed: ${res.statusCode} ${res.body}`);
}
