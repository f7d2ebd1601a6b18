import { describe, expect, it } from 'vitest';
import { bearer, GOOD_PASSWORD, register } from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

describe('Cache-Control on API answers', () => {
  it('is no-store on answers that carry tokens or user data', async () => {
    const { body, session } = await register(t());
    const login = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: body.email, password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/v1/auth/register', '/api/v1/user-debts', '/api/v1/notifications']) {
      const res = await t().app.inject({ method: 'GET', url, headers: bearer(session.access_token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on errors, unknown routes and public JSON alike', async () => {
    const answers = await Promise.all([
      t().app.inject({ method: 'GET', url: '/api/v1/user-debts' }),
      t().app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'nope' } }),
      t().app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      t().app.inject({ method: 'GET', url: '/api/v1/debts' }),
      t().app.inject({ method: 'GET', url: '/api/v1/debts/images/not-a-debt.svg' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([401, 400, 404, 200, 404]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lets browsers keep the catalogue artwork, the same for everyone', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/v1/debts/images/auto-loans.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });
});
