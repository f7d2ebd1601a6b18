import { LOGIN_CHALLENGE_TTL_MS } from '@helo/contract/two-factor';
import { describe, expect, it } from 'vitest';
import { bearer, GOOD_PASSWORD, register } from '../../../../test/accounts.ts';
import { createTestApp, generousRateLimits, type TestApp, testConfig, useTestApp } from '../../../../test/test-app.ts';
import { Mailer } from '../../../mail/mailer.ts';
import type { AuthService } from '../auth.service.ts';
import { codeNow, mailsTo, notificationTitles, passwordStep, post, twoFactorUser } from './two-factor.fixtures.ts';
import { TwoFactorService } from './two-factor.service.ts';

const t = useTestApp();
const STEP = 30_000;

const secondStep = (challenge: string, code: string, app: TestApp = t()) => post(app, 'login/2fa', { challenge, code });
/** A six-digit code that is not the user's around now. */
const wrongCode = (secret: string) => {
  const near = [-1, 0, 1].map((s) => codeNow(t(), secret, s));
  return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c)) as string;
};

describe('signing in with two-factor sign-in on', () => {
  it('the password step answers a challenge and no tokens; the code step answers the session and the cookie', async () => {
    const user = await twoFactorUser(t());
    const login = await post(t(), 'login', { email: user.email, password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toEqual({
      two_factor_required: true,
      challenge: expect.any(String),
      expires_in: LOGIN_CHALLENGE_TTL_MS,
      methods: ['totp', 'recovery_code'],
    });
    // No refresh cookie yet (the device cookie, for the login limit, is all it sets).
    expect(String(login.headers['set-cookie'] ?? '')).not.toMatch(/helo_refresh/);

    const done = await secondStep(login.json().data.challenge, codeNow(t(), user.secret));
    expect(done.statusCode).toBe(200);
    const session = done.json().data;
    expect(session).toMatchObject({ access_token: expect.any(String), user: { id: user.userId, email: user.email } });
    expect(String(done.headers['set-cookie'])).toMatch(/^helo_refresh=[\w-]+;.*HttpOnly/);
    const me = await t().app.inject({
      method: 'GET',
      url: '/api/v1/auth/register',
      headers: bearer(session.access_token),
    });
    expect(me.statusCode).toBe(200);
    // The refresh token of this session works like any other.
    expect((await post(t(), 'token', { refresh_token: session.refresh_token })).statusCode).toBe(200);
  });

  it('takes the code as typed with a space in the middle', async () => {
    const user = await twoFactorUser(t());
    const code = codeNow(t(), user.secret);
    const done = await secondStep(await passwordStep(t(), user.email), `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(done.statusCode).toBe(200);
  });

  it('refuses a code used once already (no replay within its window), and takes the next one', async () => {
    const user = await twoFactorUser(t());
    const code = codeNow(t(), user.secret);
    expect((await secondStep(await passwordStep(t(), user.email), code)).statusCode).toBe(200);
    const replay = await secondStep(await passwordStep(t(), user.email), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors).toEqual([{ path: 'code', message: expect.stringMatching(/not right/) }]);
    // An older code than the last one accepted is refused too, even within the drift window.
    t().clock.advance(STEP);
    expect((await secondStep(await passwordStep(t(), user.email), codeNow(t(), user.secret, -1))).statusCode).toBe(400);
    expect((await secondStep(await passwordStep(t(), user.email), codeNow(t(), user.secret))).statusCode).toBe(200);
  });

  it('accepts a phone clock one step off either way, not two', async () => {
    const user = await twoFactorUser(t());
    t().clock.advance(10 * STEP);
    const challenge = await passwordStep(t(), user.email);
    expect((await secondStep(challenge, codeNow(t(), user.secret, -2))).statusCode).toBe(400);
    expect((await secondStep(challenge, codeNow(t(), user.secret, 2))).statusCode).toBe(400);
    expect((await secondStep(challenge, codeNow(t(), user.secret, -1))).statusCode).toBe(200);
    expect((await secondStep(await passwordStep(t(), user.email), codeNow(t(), user.secret, 1))).statusCode).toBe(200);
  });

  it('counts wrong codes on the challenge: the fifth ends it, and then even the right code is refused', async () => {
    const user = await twoFactorUser(t());
    const challenge = await passwordStep(t(), user.email);
    for (let i = 0; i < 4; i += 1) {
      const res = await secondStep(challenge, i % 2 ? wrongCode(user.secret) : 'zzzz-zzzz-zzzz-zzzz-zzzz-zzzz');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('code');
    }
    const fifth = await secondStep(challenge, wrongCode(user.secret));
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().message).toBe('Too many wrong codes. Please log in again.');
    const right = await secondStep(challenge, codeNow(t(), user.secret));
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toMatch(/log in again/);
    // A new login starts over.
    expect((await secondStep(await passwordStep(t(), user.email), codeNow(t(), user.secret))).statusCode).toBe(200);
  });

  it('refuses an expired challenge, a used one, and an unknown one, asking to log in again', async () => {
    const user = await twoFactorUser(t());
    const expired = await passwordStep(t(), user.email);
    t().clock.advance(LOGIN_CHALLENGE_TTL_MS);
    const late = await secondStep(expired, codeNow(t(), user.secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('This sign-in has expired or was already used. Please log in again.');

    const used = await passwordStep(t(), user.email);
    expect((await secondStep(used, codeNow(t(), user.secret))).statusCode).toBe(200);
    t().clock.advance(STEP);
    expect((await secondStep(used, codeNow(t(), user.secret))).statusCode).toBe(401);
    expect((await secondStep(used, user.recoveryCodes[0] as string)).statusCode).toBe(401);

    expect((await secondStep('no-such-challenge', codeNow(t(), user.secret))).statusCode).toBe(401);
  });

  it("refuses another user's valid code on a challenge (the code belongs to the login's account)", async () => {
    const a = await twoFactorUser(t());
    const b = await twoFactorUser(t());
    const challenge = await passwordStep(t(), a.email);
    expect((await secondStep(challenge, codeNow(t(), b.secret))).statusCode).toBe(400);
    expect((await secondStep(challenge, b.recoveryCodes[0] as string)).statusCode).toBe(400);
    // B's code was not spent by the attempt.
    expect((await secondStep(await passwordStep(t(), b.email), b.recoveryCodes[0] as string)).statusCode).toBe(200);
  });

  it('a recovery code works once, however it is typed, and the user is told how many are left', async () => {
    const user = await twoFactorUser(t());
    const code = user.recoveryCodes[2] as string;
    const typed = ` ${code.toUpperCase().replaceAll('-', ' ')} `;
    const done = await secondStep(await passwordStep(t(), user.email), typed);
    expect(done.statusCode).toBe(200);
    const again = await secondStep(await passwordStep(t(), user.email), code);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].path).toBe('code');

    const mail = (await mailsTo(t(), user.email)).find((m) => m.kind === 'recovery_code_used');
    expect(mail?.text).toMatch(/You have 9 recovery codes left\./);
    expect(await notificationTitles(t(), user.accessToken)).toContain('A recovery code was used');
    const me = await t().app.inject({ method: 'GET', url: '/api/v1/auth/register', headers: bearer(user.accessToken) });
    expect(me.json().data.security.recovery_codes_left).toBe(9);
  });

  it('a server that lost the key of the app secrets asks for a recovery code, and takes one', async () => {
    const user = await twoFactorUser(t());
    const otherKey = await createTestApp({ alongside: t(), config: { encryptionKey: Buffer.alloc(32, 'x') } });
    try {
      const challenge = await passwordStep(otherKey, user.email);
      const app = await secondStep(challenge, codeNow(otherKey, user.secret), otherKey);
      expect(app.statusCode).toBe(400);
      expect(app.json().errors[0]).toMatchObject({
        path: 'code',
        message: expect.stringMatching(/Use one of your recovery codes/),
      });
      const recovery = await secondStep(challenge, user.recoveryCodes[0] as string, otherKey);
      expect(recovery.statusCode).toBe(200);
    } finally {
      await otherKey.close();
    }
  });

  it('two logins racing with the same code: exactly one signs in', async () => {
    const user = await twoFactorUser(t());
    const code = codeNow(t(), user.secret);
    const challenges = [await passwordStep(t(), user.email), await passwordStep(t(), user.email)];
    const answers = await Promise.all(challenges.map((c) => secondStep(c, code)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('one challenge answered twice at once with two good codes: one session only', async () => {
    const user = await twoFactorUser(t());
    const challenge = await passwordStep(t(), user.email);
    const answers = await Promise.all([
      secondStep(challenge, codeNow(t(), user.secret)),
      secondStep(challenge, user.recoveryCodes[5] as string),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('a challenge of an account whose two-factor sign-in was turned off meanwhile asks to log in again', async () => {
    const user = await twoFactorUser(t());
    const challenge = await passwordStep(t(), user.email);
    const off = await post(
      t(),
      '2fa/disable',
      { password: GOOD_PASSWORD, code: codeNow(t(), user.secret) },
      user.accessToken,
    );
    expect(off.statusCode).toBe(200);
    t().clock.advance(STEP);
    expect((await secondStep(challenge, codeNow(t(), user.secret))).statusCode).toBe(401);
  });
});

describe('the rate limit of the code step', () => {
  const limited = useTestApp({
    config: {
      rateLimits: {
        ...generousRateLimits,
        twoFactor: { ip: { max: 100, windowMs: 60_000 }, account: { max: 3, windowMs: 60_000 } },
      },
    },
  });

  it('counts per account across challenges, and leaves other accounts alone', async () => {
    const app = limited();
    const user = await twoFactorUser(app);
    const other = await twoFactorUser(app);
    const wrong = 'zzzz-zzzz-zzzz-zzzz-zzzz-zzzz';
    for (let i = 0; i < 3; i += 1) {
      expect((await secondStep(await passwordStep(app, user.email), wrong, app)).statusCode).toBe(400);
    }
    const blocked = await secondStep(await passwordStep(app, user.email), codeNow(app, user.secret), app);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toEqual(expect.any(String));
    expect((await secondStep(await passwordStep(app, other.email), codeNow(app, other.secret), app)).statusCode).toBe(
      200,
    );
  });

  it('counts the signed-in code checks per user too: a stolen session is no code oracle', async () => {
    const app = limited();
    // Enabling was the first of the three.
    const user = await twoFactorUser(app);
    for (let i = 0; i < 2; i += 1) {
      expect((await post(app, '2fa/recovery-codes', { code: 'not-a-code' }, user.accessToken)).statusCode).toBe(400);
    }
    const blocked = await post(
      app,
      '2fa/disable',
      { password: GOOD_PASSWORD, code: codeNow(app, user.secret) },
      user.accessToken,
    );
    expect(blocked.statusCode).toBe(429);
  });
});

describe('confirmCode (for other features asking a signed-in user for a code)', () => {
  const service = () => {
    const app = t();
    const mailer = new Mailer(undefined, app.clock, app.app.log, true);
    return new TwoFactorService(app.database.db, app.clock, mailer, testConfig(), {} as AuthService);
  };

  it('takes a current code once, and a recovery code once; names the code when wrong', async () => {
    const user = await twoFactorUser(t());
    const s = service();
    expect(await s.isEnabled(user.userId)).toBe(true);
    const code = codeNow(t(), user.secret);
    await s.confirmCode(user.userId, code);
    await expect(s.confirmCode(user.userId, code)).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ path: 'code', message: expect.stringMatching(/not right/) }],
    });
    await s.confirmCode(user.userId, user.recoveryCodes[7] as string);
    await expect(s.confirmCode(user.userId, user.recoveryCodes[7] as string)).rejects.toMatchObject({
      statusCode: 400,
    });
    expect((await mailsTo(t(), user.email)).map((m) => m.kind)).toContain('recovery_code_used');
  });

  it('refuses any code, naming it, when two-factor sign-in is off', async () => {
    const { session } = await register(t());
    const s = service();
    expect(await s.isEnabled(session.user.id)).toBe(false);
    await expect(s.confirmCode(session.user.id, '123456')).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ path: 'code', message: 'Two-factor sign-in is not on for this account.' }],
    });
  });
});
