import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, elevate, GOOD_PASSWORD, mailedToken, register } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SESSION_CACHE_TTL_MS } from '../../plugins/session-cache.ts';

// Two servers on one database, as behind a load balancer. Each keeps a short session cache, so the
// rule under test is: a revoked session fails at once on the server that revoked it, and within
// SESSION_CACHE_TTL_MS (5 s) on the other, which has just seen it active.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ alongside: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const me = (server: TestApp, token: string) =>
  server.app.inject({ method: 'GET', url: '/api/v1/user-debts', headers: bearer(token) });
const post = (server: TestApp, url: string, payload: object, token?: string) =>
  server.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, headers: token ? bearer(token) : {} });
const signIn = async (server: TestApp, email: string) =>
  (await post(server, 'login', { email, password: GOOD_PASSWORD })).json().data as {
    access_token: string;
    refresh_token: string;
  };

/** Both servers have used the session just now, so each holds it in its cache. */
async function seenOnBoth(token: string) {
  expect((await me(a, token)).statusCode).toBe(200);
  expect((await me(b, token)).statusCode).toBe(200);
}

/** The other server stops accepting the session once its cache entry is older than the TTL. */
async function refusedOnBWithinTtl(token: string) {
  b.clock.advance(SESSION_CACHE_TTL_MS);
  expect((await me(b, token)).statusCode).toBe(401);
}

describe('a revoked session, with two servers on one database', () => {
  it('logout: refused at once where it happened, within 5 s on the other server', async () => {
    const { session } = await register(a);
    await seenOnBoth(session.access_token);
    await post(a, 'logout', { refreshToken: session.refresh_token });
    expect((await me(a, session.access_token)).statusCode).toBe(401);
    // Within the TTL the other server may still trust what it saw a moment ago: that is the bound.
    expect((await me(b, session.access_token)).statusCode).toBe(200);
    await refusedOnBWithinTtl(session.access_token);
  });

  it('logout on the other server: refused at once there, whatever this one saw', async () => {
    const { session } = await register(a);
    await seenOnBoth(session.access_token);
    await post(b, 'logout', { refreshToken: session.refresh_token });
    expect((await me(b, session.access_token)).statusCode).toBe(401);
    a.clock.advance(SESSION_CACHE_TTL_MS);
    expect((await me(a, session.access_token)).statusCode).toBe(401);
  });

  it('password change: the other devices are refused, the device that changed it is not', async () => {
    const { body, session } = await register(a);
    await elevate(a, session);
    const phone = await signIn(a, body.email);
    await seenOnBoth(phone.access_token);
    const res = await post(
      a,
      'change-password',
      { current_password: GOOD_PASSWORD, new_password: 'copper-meadow-whistle-77' },
      session.access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(a, phone.access_token)).statusCode).toBe(401);
    expect((await me(a, session.access_token)).statusCode).toBe(200);
    await refusedOnBWithinTtl(phone.access_token);
    expect((await me(b, session.access_token)).statusCode).toBe(200);
  });

  it('password reset: every session is refused', async () => {
    const { body, session } = await register(a);
    await seenOnBoth(session.access_token);
    await post(a, 'forgot-password', { email: body.email });
    const token = await mailedToken(a, body.email, 'reset_password');
    const res = await post(a, 'reset-password', { token, password: 'copper-meadow-whistle-77' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(a, session.access_token)).statusCode).toBe(401);
    await refusedOnBWithinTtl(session.access_token);
  });

  it('sign out other devices: the others are refused, this one is not', async () => {
    const { body, session } = await register(a);
    const laptop = await signIn(b, body.email);
    await seenOnBoth(laptop.access_token);
    const res = await post(b, 'sessions/revoke-others', {}, session.access_token);
    expect(res.json().data).toEqual({ revoked: 1 });
    expect((await me(b, laptop.access_token)).statusCode).toBe(401);
    expect((await me(b, session.access_token)).statusCode).toBe(200);
    a.clock.advance(SESSION_CACHE_TTL_MS);
    expect((await me(a, laptop.access_token)).statusCode).toBe(401);
  });

  it('refresh token reuse: the stolen family is refused at once on the server that caught it', async () => {
    const { session } = await register(a);
    const rotated = (await post(a, 'token', { refresh_token: session.refresh_token })).json().data;
    await seenOnBoth(rotated.access_token);
    a.clock.advance(10_001);
    expect((await post(a, 'token', { refresh_token: session.refresh_token })).statusCode).toBe(403);
    expect((await me(a, rotated.access_token)).statusCode).toBe(401);
    await refusedOnBWithinTtl(rotated.access_token);
  });

  it('a profile change shows at once on the other server (no user data is cached)', async () => {
    const { session } = await register(a);
    const onboarding = (server: TestApp) =>
      server.app.inject({ method: 'GET', url: '/api/v1/auth/register', headers: bearer(session.access_token) });
    expect((await onboarding(b)).json().data.user.first_name).toBe('Ada');
    const res = await a.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      headers: bearer(session.access_token),
      payload: { first_name: 'Augusta', last_name: 'King' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await onboarding(b)).json().data.user).toMatchObject({ first_name: 'Augusta', last_name: 'King' });
  });

  it('a session past its expiry is refused even if it was seen active a moment before', async () => {
    const { session } = await register(a);
    await seenOnBoth(session.access_token);
    // 15 minutes later the access token itself has expired, cached or not.
    b.clock.advance(15 * 60 * 1000);
    expect((await me(b, session.access_token)).statusCode).toBe(401);
  });
});
