import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

// testConfig's APP_URL is http://helo.test.
const t = useTestApp();
const withCookie = (url: string, token: string, headers: Record<string, string> = {}, payload: object = {}) =>
  t().app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, cookies: { helo_refresh: token }, headers, payload });

describe('the refresh cookie and the Origin of the request', () => {
  it('refuses a refresh by cookie from another site, and leaves the session as it was', async () => {
    const { session } = await register(t());
    const foreign = await withCookie('token', session.refresh_token, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/another site/);
    expect(foreign.headers['set-cookie']).toBeUndefined();
    // The token was not used up: our own page can still refresh with it.
    const own = await withCookie('token', session.refresh_token, { origin: 'http://helo.test' });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a logout by cookie from another site, so no site can sign a user out', async () => {
    const { session } = await register(t());
    expect((await withCookie('logout', session.refresh_token, { origin: 'https://evil.example' })).statusCode).toBe(
      403,
    );
    expect((await withCookie('token', session.refresh_token)).statusCode).toBe(200);
  });

  it('accepts the cookie from our own origin, the origin the request was sent to, or with no Origin at all', async () => {
    const a = await register(t());
    const served = await withCookie('token', a.session.refresh_token, {
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(served.statusCode).toBe(200);
    const b = await register(t());
    expect((await withCookie('token', b.session.refresh_token)).statusCode).toBe(200);
  });

  it('takes a refresh token sent in the body from anywhere: a foreign page can not know it', async () => {
    const { session } = await register(t());
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      headers: { origin: 'https://app.example' },
      payload: { refresh_token: session.refresh_token },
    });
    expect(res.statusCode).toBe(200);
  });
});
