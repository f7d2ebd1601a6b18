import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, register } from '../../../test/accounts.ts';
import { generousRateLimits, useTestApp } from '../../../test/test-app.ts';

// Wrong guesses from unknown browsers lock the account's password sign-in; a browser that signed in
// to that account before keeps its own allowance (OWASP device cookies).
const MINUTES_15 = 15 * 60_000;
const t = useTestApp({
  config: {
    rateLimits: {
      ...generousRateLimits,
      login: { ip: { max: 1_000, windowMs: MINUTES_15 }, account: { max: 3, windowMs: MINUTES_15 } },
    },
  },
});

let address = 0;
const login = (email: string, password: string, device?: string) =>
  t().app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    // Each guess from somewhere else: the per-address limit is not what this tests.
    remoteAddress: `203.0.113.${(address++ % 250) + 1}`,
    ...(device ? { cookies: { helo_device: device } } : {}),
  });
const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>) =>
  String(res.headers['set-cookie']).match(/helo_device=([^;]+)/)?.[1] ?? '';

async function lockedOutAccount() {
  const { body } = await register(t());
  const signedIn = await login(body.email, GOOD_PASSWORD);
  expect(signedIn.statusCode).toBe(200);
  const cookie = String(signedIn.headers['set-cookie']);
  expect(cookie).toMatch(/helo_device=[^;]+;.*HttpOnly/);
  expect(cookie).toMatch(/helo_device=[^,]*Path=\/api\/v1\/auth\/login/);
  // The account allows 3 attempts in the window: that sign-in and two wrong guesses from elsewhere.
  for (let n = 0; n < 2; n += 1) expect((await login(body.email, `wrong-guess-${n}-abc`)).statusCode).toBe(401);
  expect((await login(body.email, GOOD_PASSWORD)).statusCode).toBe(429);
  return { email: body.email, device: deviceCookieOf(signedIn) };
}

describe('device cookies', () => {
  it('let the browser that signed in before sign in while unknown devices are locked out', async () => {
    const { email, device } = await lockedOutAccount();
    expect((await login(email, GOOD_PASSWORD, device)).statusCode).toBe(200);
  });

  it('give that browser its own limit of wrong passwords', async () => {
    const { email, device } = await lockedOutAccount();
    for (let n = 0; n < 3; n += 1) expect((await login(email, `typo-${n}-abcdefg`, device)).statusCode).toBe(401);
    expect((await login(email, GOOD_PASSWORD, device)).statusCode).toBe(429);
  });

  it('count a forged cookie, or one of another account, as an unknown device', async () => {
    const { email, device } = await lockedOutAccount();
    const [nonce] = device.split('.');
    expect((await login(email, GOOD_PASSWORD, `${nonce}.${'A'.repeat(43)}`)).statusCode).toBe(429);
    const other = await register(t());
    const otherDevice = deviceCookieOf(await login(other.body.email, GOOD_PASSWORD));
    expect((await login(email, GOOD_PASSWORD, otherDevice)).statusCode).toBe(429);
  });
});
