import { recoveryCodes, userTotp } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { elevate, GOOD_PASSWORD, register } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { codeNow, mailsTo, notificationTitles, passwordStep, post, twoFactorUser } from './two-factor.fixtures.ts';

const t = useTestApp();

const security = async (token: string) =>
  (
    await t().app.inject({ method: 'GET', url: '/api/v1/auth/register', headers: { authorization: `Bearer ${token}` } })
  ).json().data.security;

describe('setting up two-factor sign-in', () => {
  it('gives a secret and an otpauth URL, then turns on with a first code and answers ten recovery codes', async () => {
    const { body, session } = await register(t());
    await elevate(t(), session);
    const setup = await post(t(), '2fa/setup', {}, session.access_token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(`${url.protocol}//${url.host}`).toBe('otpauth://totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Helo:${body.email}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      issuer: 'Helo',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // Pending: not on until a code confirms it.
    expect(await security(session.access_token)).toMatchObject({ two_factor_enabled: false, recovery_codes_left: 0 });

    const enabled = await post(t(), '2fa/enable', { code: codeNow(t(), secret) }, session.access_token);
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^([a-z2-7]{4}-){5}[a-z2-7]{4}$/);
    expect(new Set(codes).size).toBe(10);
    expect(await security(session.access_token)).toMatchObject({ two_factor_enabled: true, recovery_codes_left: 10 });

    // Stored only as hashes, and the secret only sealed.
    const db = t().database.db;
    const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, session.user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    expect(JSON.stringify(stored)).not.toContain((codes[0] as string).replaceAll('-', ''));
    const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, session.user.id));
    expect(row?.secretEncrypted).not.toContain(secret);
    expect(row?.secretEncrypted).toMatch(/^v1\./);
  });

  it('refuses a wrong first code, naming the code, and stays off', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const secret = (await post(t(), '2fa/setup', {}, session.access_token)).json().data.secret;
    const wrongCode = codeNow(t(), secret) === '000000' ? '111111' : '000000';
    const res = await post(t(), '2fa/enable', { code: wrongCode }, session.access_token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'code', message: expect.stringMatching(/not right/) }]);
    expect(await security(session.access_token)).toMatchObject({ two_factor_enabled: false });
  });

  it('a second setup replaces the pending secret: a code of the first one no longer enables', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const first = (await post(t(), '2fa/setup', {}, session.access_token)).json().data.secret;
    const second = (await post(t(), '2fa/setup', {}, session.access_token)).json().data.secret;
    expect(second).not.toBe(first);
    expect((await post(t(), '2fa/enable', { code: codeNow(t(), first) }, session.access_token)).statusCode).toBe(400);
    expect((await post(t(), '2fa/enable', { code: codeNow(t(), second) }, session.access_token)).statusCode).toBe(200);
  });

  it('answers 409 to enable without a setup, and to setup or enable while it is on', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const none = await post(t(), '2fa/enable', { code: '123456' }, session.access_token);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/Start the setup first/);

    const user = await twoFactorUser(t());
    expect((await post(t(), '2fa/setup', {}, user.accessToken)).statusCode).toBe(409);
    const again = await post(t(), '2fa/enable', { code: codeNow(t(), user.secret) }, user.accessToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already on/);
  });

  it('mails the user and leaves a notification when it is turned on', async () => {
    const user = await twoFactorUser(t());
    const mail = (await mailsTo(t(), user.email)).find((m) => m.kind === 'two_factor_enabled');
    expect(mail).toMatchObject({
      kind: 'two_factor_enabled',
      subject: 'Two-factor sign-in is on for your Helo account',
    });
    expect(await notificationTitles(t(), user.accessToken)).toContain('Two-factor sign-in is on');
  });

  it('needs a signed-in user', async () => {
    expect((await post(t(), '2fa/setup', {})).statusCode).toBe(401);
    expect((await post(t(), '2fa/enable', { code: '123456' })).statusCode).toBe(401);
  });
});

describe('recovery codes', () => {
  it('a new set for a current code: the old codes stop working, the new ones work', async () => {
    const user = await twoFactorUser(t());
    const res = await post(t(), '2fa/recovery-codes', { code: codeNow(t(), user.secret) }, user.accessToken);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(user.recoveryCodes[0]);

    const old = await post(t(), 'login/2fa', {
      challenge: await passwordStep(t(), user.email),
      code: user.recoveryCodes[0],
    });
    expect(old.statusCode).toBe(400);
    const ok = await post(t(), 'login/2fa', { challenge: await passwordStep(t(), user.email), code: fresh[0] });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a wrong or replayed code, and a recovery code instead of an app code', async () => {
    const user = await twoFactorUser(t());
    const code = codeNow(t(), user.secret);
    expect((await post(t(), '2fa/recovery-codes', { code }, user.accessToken)).statusCode).toBe(200);
    const replay = await post(t(), '2fa/recovery-codes', { code }, user.accessToken);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors[0].path).toBe('code');
    t().clock.advance(30_000);
    const recovery = await post(t(), '2fa/recovery-codes', { code: user.recoveryCodes[1] }, user.accessToken);
    expect(recovery.statusCode).toBe(400);
  });

  it('answers 409 while two-factor sign-in is off', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    expect((await post(t(), '2fa/recovery-codes', { code: '123456' }, session.access_token)).statusCode).toBe(409);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password, naming it when wrong', async () => {
    const user = await twoFactorUser(t());
    const res = await post(
      t(),
      '2fa/disable',
      { password: 'not-the-password-1', code: codeNow(t(), user.secret) },
      user.accessToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'password', message: 'Your password is incorrect' }]);
    expect(await security(user.accessToken)).toMatchObject({ two_factor_enabled: true });
  });

  it('needs a right code, naming it when wrong', async () => {
    const user = await twoFactorUser(t());
    const res = await post(t(), '2fa/disable', { password: GOOD_PASSWORD, code: 'aaaa-bbbb' }, user.accessToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('code');
    expect(await security(user.accessToken)).toMatchObject({ two_factor_enabled: true });
  });

  it('with both: deletes the secret and the recovery codes, mails, notifies; login asks the password only', async () => {
    const user = await twoFactorUser(t());
    const res = await post(
      t(),
      '2fa/disable',
      { password: GOOD_PASSWORD, code: codeNow(t(), user.secret) },
      user.accessToken,
    );
    expect(res.statusCode).toBe(200);
    expect(await security(user.accessToken)).toMatchObject({ two_factor_enabled: false, recovery_codes_left: 0 });
    const db = t().database.db;
    expect(await db.select().from(userTotp).where(eq(userTotp.userId, user.userId))).toEqual([]);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.userId))).toEqual([]);
    expect((await mailsTo(t(), user.email)).map((m) => m.kind)).toContain('two_factor_disabled');
    expect(await notificationTitles(t(), user.accessToken)).toContain('Two-factor sign-in is off');

    const login = await post(t(), 'login', { email: user.email, password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.access_token).toEqual(expect.any(String));
  });

  it('takes a recovery code as the code', async () => {
    const user = await twoFactorUser(t());
    const res = await post(
      t(),
      '2fa/disable',
      { password: GOOD_PASSWORD, code: user.recoveryCodes[3] },
      user.accessToken,
    );
    expect(res.statusCode).toBe(200);
  });
});
