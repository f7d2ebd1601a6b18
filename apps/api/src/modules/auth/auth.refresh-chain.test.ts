import { describe, expect, it } from 'vitest';
import { bearer, elevate, GOOD_PASSWORD, register } from '../../../test/accounts.ts';
import { createTestApp, type TestApp, useTestApp } from '../../../test/test-app.ts';
import { SESSION_CACHE_TTL_MS } from '../../plugins/session-cache.ts';

// A session is one chain of refresh tokens: a replay inside the grace period gets the same pair
// again, and "sign out other devices" or a password change leaves only the caller's token working.
const t = useTestApp();

interface Pair {
  access_token: string;
  refresh_token: string;
}

const refresh = (app: TestApp, refreshToken: string) =>
  app.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { refresh_token: refreshToken } });
async function rotate(app: TestApp, refreshToken: string): Promise<Pair> {
  const res = await refresh(app, refreshToken);
  if (res.statusCode !== 200) throw new Error(`refresh failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
const signedInRead = (app: TestApp, accessToken: string) =>
  app.app.inject({ method: 'GET', url: '/api/v1/auth/register', headers: bearer(accessToken) });
const sessions = async (app: TestApp, accessToken: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: bearer(accessToken) })).json().data;

/** The probe's fork: t0 → t1 → t2, then t0 replayed inside the grace period gives X. */
async function forkedSession(app: TestApp) {
  const { body, session: t0 } = await register(app);
  const t1 = await rotate(app, t0.refresh_token);
  app.clock.advance(1_000);
  const t2 = await rotate(app, t1.refresh_token);
  app.clock.advance(1_000);
  const x = await rotate(app, t0.refresh_token);
  return { body, t1, t2, x };
}

describe('a rotated refresh token presented again inside the grace period', () => {
  it('gets the very pair it got the first time, not a second chain', async () => {
    const { t1, x } = await forkedSession(t());
    expect(x.refresh_token).toBe(t1.refresh_token);
    expect(x.access_token).toBe(t1.access_token);
  });

  it('gets the same pair when two refreshes of one token race', async () => {
    const { session } = await register(t());
    const [a, b] = await Promise.all([refresh(t(), session.refresh_token), refresh(t(), session.refresh_token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.refresh_token).toBe(b.json().data.refresh_token);
    expect(a.json().data.access_token).toBe(b.json().data.access_token);
    expect(await rotate(t(), a.json().data.refresh_token)).toBeTruthy();
  });

  it('leaves the session one chain: the sessions list shows it once', async () => {
    const { t2 } = await forkedSession(t());
    expect(await sessions(t(), t2.access_token)).toHaveLength(1);
  });
});

describe("the probe's sequence: fork, rotate both, then sign out other devices", () => {
  it("refuses X's chain and its access token, keeps the caller's", async () => {
    // A second server on the same database saw X's access token work just before: it may trust it
    // for the session cache's window, not longer.
    const other = await createTestApp({ alongside: t() });
    try {
      const { t2, x } = await forkedSession(t());
      const t3 = await rotate(t(), t2.refresh_token);
      const xNext = await rotate(t(), x.refresh_token);
      expect((await signedInRead(other, xNext.access_token)).statusCode).toBe(200);

      const signOut = await t().app.inject({
        method: 'POST',
        url: '/api/v1/auth/sessions/revoke-others',
        headers: bearer(t3.access_token),
      });
      expect(signOut.statusCode).toBe(200);

      expect([401, 403]).toContain((await refresh(t(), xNext.refresh_token)).statusCode);
      expect([401, 403]).toContain((await refresh(t(), x.refresh_token)).statusCode);
      expect((await signedInRead(t(), xNext.access_token)).statusCode).toBe(401);
      other.clock.advance(SESSION_CACHE_TTL_MS);
      expect((await signedInRead(other, xNext.access_token)).statusCode).toBe(401);

      // The caller goes on: its access token, its refresh token and the chain after it.
      expect((await signedInRead(t(), t3.access_token)).statusCode).toBe(200);
      expect((await signedInRead(other, t3.access_token)).statusCode).toBe(200);
      const t4 = await rotate(t(), t3.refresh_token);
      expect((await signedInRead(t(), t4.access_token)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("does the same after a password change made from the caller's chain", async () => {
    const { t2, x } = await forkedSession(t());
    const t3 = await rotate(t(), t2.refresh_token);
    const xNext = await rotate(t(), x.refresh_token);
    // Sudo mode: the change needs a fresh proof on the caller's session.
    await elevate(t(), t3);
    const change = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(t3.access_token),
      payload: { current_password: GOOD_PASSWORD, new_password: 'another-long-passphrase-9' },
    });
    expect(change.statusCode).toBe(200);
    expect([401, 403]).toContain((await refresh(t(), xNext.refresh_token)).statusCode);
    expect((await signedInRead(t(), xNext.access_token)).statusCode).toBe(401);
    expect((await signedInRead(t(), t3.access_token)).statusCode).toBe(200);
    expect((await refresh(t(), t3.refresh_token)).statusCode).toBe(200);
  });
});

describe('the grace period', () => {
  it('is REFRESH_GRACE_MS: a replay past it ends the session', async () => {
    const short = await createTestApp({ config: { refreshGraceMs: 1_000 } });
    try {
      const { session } = await register(short);
      const next = await rotate(short, session.refresh_token);
      short.clock.advance(1_000);
      expect((await refresh(short, session.refresh_token)).statusCode).toBe(200);
      short.clock.advance(1);
      expect((await refresh(short, session.refresh_token)).statusCode).toBe(403);
      expect((await refresh(short, next.refresh_token)).statusCode).toBe(403);
      expect((await signedInRead(short, next.access_token)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});
