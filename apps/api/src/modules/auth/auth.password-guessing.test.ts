import { describe, expect, it } from 'vitest';
import { bearer, elevate, GOOD_PASSWORD, register } from '../../../test/accounts.ts';
import { defaultRateLimits, useTestApp } from '../../../test/test-app.ts';
import { MAX_PASSWORD_CHECKS_PER_SESSION } from './auth.service.ts';

// A stolen session must not become a way to guess the account's password through change-password.
const t = useTestApp({ config: { rateLimits: defaultRateLimits } });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t().app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, headers });
const guess = (accessToken: string, n: number) =>
  post(
    'change-password',
    { current_password: `wrong-guess-${n}-xyz`, new_password: 'a-fresh-passphrase-77' },
    bearer(accessToken),
  );
const login = async (email: string) => (await post('login', { email, password: GOOD_PASSWORD })).json().data;

describe('wrong current passwords on change-password', () => {
  it(`signs the session out at the ${MAX_PASSWORD_CHECKS_PER_SESSION}th wrong password, and only that session`, async () => {
    const { body, session } = await register(t());
    await elevate(t(), session);
    const other = await login(body.email);
    for (let n = 1; n < MAX_PASSWORD_CHECKS_PER_SESSION; n += 1) {
      const res = await guess(session.access_token, n);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('current_password');
    }
    const last = await guess(session.access_token, MAX_PASSWORD_CHECKS_PER_SESSION);
    expect(last.statusCode).toBe(401);
    expect(last.json().message).toMatch(/Too many wrong passwords/);
    const me = await t().app.inject({
      method: 'GET',
      url: '/api/v1/auth/register',
      headers: bearer(session.access_token),
    });
    expect(me.statusCode).toBe(401);
    expect((await post('token', { refresh_token: session.refresh_token })).statusCode).toBe(403);
    const still = await t().app.inject({
      method: 'GET',
      url: '/api/v1/auth/register',
      headers: bearer(other.access_token),
    });
    expect(still.statusCode).toBe(200);
  });

  it('limits the attempts of one account across its sessions, with Retry-After', async () => {
    const { body, session } = await register(t());
    await elevate(t(), session);
    const sessions = [session, await login(body.email), await login(body.email)];
    for (const other of sessions.slice(1)) await elevate(t(), other);
    const statuses: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      // Four a session, so no session reaches its own sign-out.
      const res = await guess(sessions[Math.floor(n / 4)].access_token, n);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const limit = defaultRateLimits.changePassword.account.max;
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(400));
    expect(statuses.slice(limit)).toEqual(Array(12 - limit).fill(429));
  });

  it('still changes the password with the right one, and then forgets the wrong ones before it', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    for (let n = 1; n < MAX_PASSWORD_CHECKS_PER_SESSION; n += 1) await guess(session.access_token, n);
    const res = await post(
      'change-password',
      { current_password: GOOD_PASSWORD, new_password: 'a-fresh-passphrase-77' },
      bearer(session.access_token),
    );
    expect(res.statusCode).toBe(200);
    // A typo later is one wrong password, not the one that ends the session.
    expect((await guess(session.access_token, 99)).statusCode).toBe(400);
  });
});
