import { describe, expect, it } from 'vitest';
import { bearer, GOOD_PASSWORD, mailedToken, uniqueEmail } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

// The journey of issue 2's "Done when", end to end over the HTTP API.
describe('the whole account journey', () => {
  it('register → verify → login → refresh → reuse → login → forgot → reset → logout', async () => {
    const email = uniqueEmail('journey');
    const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
      t().app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload: payload ?? {}, headers });

    const registered = await post('register', {
      first_name: 'Maya',
      last_name: 'Chen',
      email,
      password: GOOD_PASSWORD,
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().data.user).toMatchObject({ first_name: 'Maya', email_verified: false });

    // The verification mail is in the outbox, with an absolute link built from APP_URL.
    const outbox = await t().app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
    const mail = outbox.json().data[0];
    expect(mail.kind).toBe('verify_email');
    expect(mail.links[0]).toMatch(/^http:\/\/helo\.test\/verify-email\?token=[\w-]{43}$/);
    const verifyToken = new URL(mail.links[0]).searchParams.get('token');

    const verified = await post('verify-email', { token: verifyToken });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ message: 'Email verified successfully', data: { email_verified: true } });

    const login = await post('login', { email, password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.email_verified).toBe(true);
    const firstRefresh = login.json().data.refresh_token;

    const refreshed = await post('token', { refresh_token: firstRefresh });
    expect(refreshed.statusCode).toBe(200);
    const secondRefresh = refreshed.json().data.refresh_token;
    expect(secondRefresh).not.toBe(firstRefresh);

    t().clock.advance(11_000);
    const reused = await post('token', { refresh_token: firstRefresh });
    expect(reused.statusCode).toBe(403);
    // The whole family is dead: the newer token and its access token stop working too.
    expect((await post('token', { refresh_token: secondRefresh })).statusCode).toBe(403);
    const info = await t().app.inject({
      method: 'GET',
      url: '/api/v1/auth/register',
      headers: bearer(refreshed.json().data.access_token),
    });
    expect(info.statusCode).toBe(401);

    expect((await post('login', { email, password: GOOD_PASSWORD })).statusCode).toBe(200);

    expect((await post('forgot-password', { email })).statusCode).toBe(200);
    const resetToken = await mailedToken(t(), email, 'reset_password');
    const newPassword = 'a-brand-new-passphrase-77';
    expect((await post('reset-password', { token: resetToken, password: newPassword })).statusCode).toBe(200);
    expect((await post('login', { email, password: GOOD_PASSWORD })).statusCode).toBe(401);
    const again = await post('login', { email, password: newPassword });
    expect(again.statusCode).toBe(200);

    const logout = await post('logout', { refreshToken: again.json().data.refresh_token });
    expect(logout.statusCode).toBe(200);
    expect((await post('token', { refresh_token: again.json().data.refresh_token })).statusCode).toBe(403);
  });
});
