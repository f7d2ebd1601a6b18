import { describe, expect, it } from 'vitest';
import { bearer, GOOD_PASSWORD, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const login = async (email: string, userAgent: string) =>
  (
    await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: GOOD_PASSWORD },
      headers: { 'user-agent': userAgent },
    })
  ).json().data as { access_token: string };
const sessions = async (token: string) =>
  (await t().app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: bearer(token) })).json().data as {
    user_agent: string;
    current: boolean;
  }[];

describe('active sessions', () => {
  it('lists where the user is signed in, marking this one', async () => {
    const { body } = await register(t());
    t().clock.advance(1000);
    const phone = await login(body.email, 'Phone browser');
    t().clock.advance(1000);
    const laptop = await login(body.email, 'Laptop browser');
    const list = await sessions(laptop.access_token);
    expect(list).toHaveLength(3);
    expect(list.find((s) => s.current)?.user_agent).toBe('Laptop browser');
    expect((await sessions(phone.access_token)).find((s) => s.current)?.user_agent).toBe('Phone browser');
  });

  it('signs out every other device and keeps this one', async () => {
    const { body, session } = await register(t());
    const other = await login(body.email, 'Other');
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/sessions/revoke-others',
      headers: bearer(session.access_token),
    });
    expect(res.json()).toEqual({ message: 'Signed out 1 other device', data: { revoked: 1 } });
    expect(await sessions(session.access_token)).toHaveLength(1);
    const blocked = await t().app.inject({
      method: 'GET',
      url: '/api/v1/auth/sessions',
      headers: bearer(other.access_token),
    });
    expect(blocked.statusCode).toBe(401);
  });

  it("shows nobody another user's sessions", async () => {
    const a = await register(t());
    const b = await register(t());
    const list = await sessions(b.session.access_token);
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(a.session.user.id);
  });
});
