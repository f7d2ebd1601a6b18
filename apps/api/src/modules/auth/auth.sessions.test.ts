import { describe, expect, it } from 'vitest';
import { bearer, elevate, GOOD_PASSWORD, register, registerUnverified, uniqueEmail } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t().app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, headers });
const onboarding = (accessToken: string) =>
  t().app.inject({ method: 'GET', url: '/api/v1/auth/register', headers: bearer(accessToken) });

describe('register', () => {
  it('creates the account with a session and stores the email in lower case', async () => {
    const email = uniqueEmail('Mixed.Case').replace('example', 'EXAMPLE');
    const res = await post('register', { first_name: ' Ada ', last_name: 'Lovelace', email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data.user).toMatchObject({ first_name: 'Ada', email: email.toLowerCase(), email_verified: false });
    expect(body.data.expires_in).toBe(15 * 60 * 1000);
    expect(body.data.access_token.split('.')).toHaveLength(3);
    // The refresh token also travels as an HttpOnly cookie scoped to the auth routes.
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/helo_refresh=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth/);
  });

  it('refuses a second account for the same email in any case, naming the field', async () => {
    const { body } = await register(t());
    const res = await post('register', { ...body, email: body.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ path: 'email', message: expect.stringMatching(/already exists/) }]);
  });

  it.each([
    ['shorter than 12 characters', 'short-pass1', /at least 12/],
    ['longer than 128 characters', 'x'.repeat(129), /at most 128/],
    ['a common password', 'password1234', /too common/],
    ['a common password in other case', 'PassWord1234', /too common/],
    ['of twelve spaces', ' '.repeat(12), /only spaces/],
    ['of one repeated character', 'qqqqqqqqqqqq', /repeated/],
    ['built from the product name', 'helo-helo-helo-2026', /name, your email or the word Helo/],
  ])('refuses a password %s', async (_label, password, message) => {
    const res = await post('register', { first_name: 'A', last_name: 'B', email: uniqueEmail(), password });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'password', message: expect.stringMatching(message) }]);
  });

  it('refuses a password equal to the email', async () => {
    const email = uniqueEmail();
    const res = await post('register', { first_name: 'A', last_name: 'B', email, password: email.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: 'password', message: 'Password must not be the same as your email' });
  });

  it('refuses a password built from the names and the email of the account', async () => {
    const email = uniqueEmail('grace.hopper');
    const names = { first_name: 'Grace', last_name: 'Hopper', email };
    for (const password of [email.split('@')[0], 'GraceHopper1906', 'hopper-grace-!!']) {
      const res = await post('register', { ...names, password });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toEqual({
        path: 'password',
        message: expect.stringMatching(/your name, your email/),
      });
    }
  });

  it('accepts a 12-character passphrase of any composition', async () => {
    const res = await post('register', {
      first_name: 'A',
      last_name: 'B',
      email: uniqueEmail(),
      password: 'aaaa bbbb cc',
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('login', () => {
  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const { body } = await register(t());
    const wrongPassword = await post('login', { email: body.email, password: 'not-the-password-at-all' });
    const unknown = await post('login', { email: uniqueEmail('nobody'), password: GOOD_PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknown.json());
    expect(unknown.json().message).toBe('Incorrect email or password');
  });

  it('matches the email case-insensitively', async () => {
    const { body } = await register(t());
    const res = await post('login', { email: `  ${body.email.toUpperCase()} `, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(body.email);
  });
});

describe('refresh token rotation', () => {
  it('rotates on every use and accepts the cookie when the body has no token', async () => {
    const { session } = await register(t());
    const first = await post('token', { refresh_token: session.refresh_token });
    expect(first.statusCode).toBe(200);
    const fromCookie = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      cookies: { helo_refresh: first.json().data.refresh_token },
    });
    expect(fromCookie.statusCode, fromCookie.body).toBe(200);
    // Sent by cookie, answered by cookie: the new refresh token is not in the JSON a script can read.
    expect(fromCookie.json().data).not.toHaveProperty('refresh_token');
    const rotated = String(fromCookie.headers['set-cookie']).match(/helo_refresh=([\w-]+)/)?.[1];
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(first.json().data.refresh_token);
    expect((await onboarding(fromCookie.json().data.access_token)).statusCode).toBe(200);
    expect((await post('token', { refresh_token: rotated })).statusCode).toBe(200);
  });

  it('lets a rotated token be used again within 10 seconds (two tabs refreshing at once)', async () => {
    const { session } = await register(t());
    expect((await post('token', { refresh_token: session.refresh_token })).statusCode).toBe(200);
    t().clock.advance(9_000);
    const raced = await post('token', { refresh_token: session.refresh_token });
    expect(raced.statusCode).toBe(200);
    expect((await onboarding(raced.json().data.access_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token comes back after the grace', async () => {
    const { session } = await register(t());
    const rotated = (await post('token', { refresh_token: session.refresh_token })).json().data;
    t().clock.advance(10_001);
    const replay = await post('token', { refresh_token: session.refresh_token });
    expect(replay.statusCode).toBe(403);
    expect((await post('token', { refresh_token: rotated.refresh_token })).statusCode).toBe(403);
    expect((await onboarding(rotated.access_token)).statusCode).toBe(401);
    expect((await onboarding(session.access_token)).statusCode).toBe(401);
  });

  it('leaves the other sessions of the user alone when one family is revoked', async () => {
    const { body, session } = await register(t());
    const other = (await post('login', { email: body.email, password: GOOD_PASSWORD })).json().data;
    await post('token', { refresh_token: session.refresh_token });
    t().clock.advance(60_000);
    expect((await post('token', { refresh_token: session.refresh_token })).statusCode).toBe(403);
    expect((await onboarding(other.access_token)).statusCode).toBe(200);
  });

  it('answers 403 to an unknown token and 401 to none at all', async () => {
    expect((await post('token', { refresh_token: 'made-up-token' })).statusCode).toBe(403);
    expect((await post('token', {})).statusCode).toBe(401);
  });

  it('expires the refresh token after 30 days and the access token after 15 minutes', async () => {
    const { session } = await register(t());
    t().clock.advance(15 * 60 * 1000 + 1000);
    expect((await onboarding(session.access_token)).statusCode).toBe(401);
    expect((await post('token', { refresh_token: session.refresh_token })).statusCode).toBe(200);
    const later = await register(t());
    t().clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    expect((await post('token', { refresh_token: later.session.refresh_token })).statusCode).toBe(403);
  });
});

describe('logout', () => {
  it('revokes the session it names and always answers 200', async () => {
    const { session } = await register(t());
    const res = await post('logout', { refreshToken: session.refresh_token });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/helo_refresh=;/);
    expect((await onboarding(session.access_token)).statusCode).toBe(401);
    expect((await post('logout', { refreshToken: 'unknown' })).statusCode).toBe(200);
    expect((await post('logout')).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('refuses a missing, malformed or forged bearer token', async () => {
    const { session } = await register(t());
    expect((await t().app.inject({ method: 'GET', url: '/api/v1/auth/register' })).statusCode).toBe(401);
    expect((await onboarding('not.a.jwt')).statusCode).toBe(401);
    const [header, payload] = session.access_token.split('.');
    expect((await onboarding(`${header}.${payload}.forgedsignature`)).statusCode).toBe(401);
  });

  it('GET /register gives the onboarding info of the signed-in user, verified or not', async () => {
    const { session, body } = await registerUnverified(t());
    const res = await onboarding(session.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      user: { id: session.user.id, first_name: 'Ada', last_name: 'Lovelace', email: body.email, email_verified: false },
      onboarding: { email_verified: false, member_since: expect.any(String), goal_ids: [] },
      security: { two_factor_enabled: false, recovery_codes_left: 0, passkeys: 0 },
    });
  });
});

describe('change password and profile', () => {
  it('refuses a wrong current password with 400, so the user stays signed in', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const res = await post(
      'change-password',
      { current_password: 'wrong-password-123', new_password: 'another-long-passphrase' },
      bearer(session.access_token),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('current_password');
  });

  it('changes the password and signs out every other session, keeping this one', async () => {
    const { body, session } = await register(t());
    await elevate(t(), session);
    const other = (await post('login', { email: body.email, password: GOOD_PASSWORD })).json().data;
    const res = await post(
      'change-password',
      { current_password: GOOD_PASSWORD, new_password: 'another-long-passphrase' },
      bearer(session.access_token),
    );
    expect(res.statusCode).toBe(200);
    expect((await onboarding(session.access_token)).statusCode).toBe(200);
    expect((await onboarding(other.access_token)).statusCode).toBe(401);
    expect((await post('token', { refresh_token: other.refresh_token })).statusCode).toBe(403);
    expect((await post('login', { email: body.email, password: 'another-long-passphrase' })).statusCode).toBe(200);
  });

  it("refuses a new password made of the account's own names", async () => {
    const { session } = await register(t(), { first_name: 'Katherine', last_name: 'Johnson' });
    await elevate(t(), session);
    const res = await post(
      'change-password',
      { current_password: GOOD_PASSWORD, new_password: 'Katherine.Johnson.1918' },
      bearer(session.access_token),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: 'new_password', message: expect.stringMatching(/your name/) });
  });

  it('applies the password policy to the new password', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const res = await post(
      'change-password',
      { current_password: GOOD_PASSWORD, new_password: 'qwertyuiopas' },
      bearer(session.access_token),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('new_password');
  });

  it('updates the name', async () => {
    const { session } = await register(t());
    const res = await t().app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      headers: bearer(session.access_token),
      payload: { first_name: 'Grace', last_name: 'Hopper' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
    expect((await onboarding(session.access_token)).json().data.user.first_name).toBe('Grace');
  });
});
