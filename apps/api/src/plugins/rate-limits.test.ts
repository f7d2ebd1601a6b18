import { afterEach, describe, expect, it } from 'vitest';
import { bearer, GOOD_PASSWORD, register, uniqueEmail } from '../../test/accounts.ts';
import { createTestApp, defaultRateLimits, generousRateLimits, type TestApp } from '../../test/test-app.ts';
import type { AppConfig } from '../config.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const post = (app: TestApp, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, headers });

function limits(route: keyof AppConfig['rateLimits'], ip: number, account: number): AppConfig['rateLimits'] {
  return {
    ...generousRateLimits,
    [route]: { ip: { max: ip, windowMs: 60_000 }, account: { max: account, windowMs: 60_000 } },
  };
}

describe('rate limits', () => {
  it('limits login attempts on one account (default: 10 per 15 minutes) with 429 and Retry-After', async () => {
    t = await createTestApp({ config: { rateLimits: defaultRateLimits } });
    const { body } = await register(t);
    for (let i = 0; i < 10; i++) {
      expect((await post(t, 'login', { email: body.email, password: 'wrong-password-xyz' })).statusCode).toBe(401);
    }
    const blocked = await post(t, 'login', { email: body.email, password: GOOD_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.json().message).toMatch(/Too many attempts\. Please try again in 1[45] minutes\./);
    // Another account from the same address is not blocked by the per-account limit.
    const other = await register(t);
    expect((await post(t, 'login', { email: other.body.email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    t = await createTestApp({ config: { rateLimits: limits('login', 3, 100) } });
    for (let i = 0; i < 3; i++) {
      expect((await post(t, 'login', { email: uniqueEmail(), password: 'whatever-password' })).statusCode).toBe(401);
    }
    expect((await post(t, 'login', { email: uniqueEmail(), password: 'whatever-password' })).statusCode).toBe(429);
  });

  it.each([
    ['register', (email: string) => ({ first_name: 'A', last_name: 'B', email, password: GOOD_PASSWORD })],
    ['forgot-password', (email: string) => ({ email })],
  ] as const)('limits %s per account', async (url, payload) => {
    const route = url === 'register' ? 'register' : 'forgot';
    t = await createTestApp({ config: { rateLimits: limits(route, 100, 2) } });
    const email = uniqueEmail();
    await post(t, url, payload(email));
    await post(t, url, payload(email));
    const third = await post(t, url, payload(email));
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect((await post(t, url, payload(uniqueEmail()))).statusCode).not.toBe(429);
  });

  it('limits verify-email per address', async () => {
    t = await createTestApp({ config: { rateLimits: limits('verify', 2, 100) } });
    expect((await post(t, 'verify-email', { token: 'guess-1' })).statusCode).toBe(400);
    expect((await post(t, 'verify-email', { token: 'guess-2' })).statusCode).toBe(400);
    expect((await post(t, 'verify-email', { token: 'guess-3' })).statusCode).toBe(429);
  });

  it('limits resending the verification email (default: 3 an hour per account)', async () => {
    t = await createTestApp({ config: { rateLimits: defaultRateLimits } });
    const { session } = await register(t);
    for (let i = 0; i < 3; i++) {
      expect((await post(t, 'resend-verification-email', {}, bearer(session.access_token))).statusCode).toBe(200);
    }
    const blocked = await post(t, 'resend-verification-email', {}, bearer(session.access_token));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3000);
  });
});
