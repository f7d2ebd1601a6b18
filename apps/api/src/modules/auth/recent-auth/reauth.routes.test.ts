import { REAUTH_WINDOW_MS } from '@helo/contract/reauth';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, elevate, GOOD_PASSWORD, register } from '../../../../test/accounts.ts';
import { SoftAuthenticator } from '../../../../test/harness/soft-authenticator.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { addPasskey, passkeySignIn } from '../../passkeys/testing.ts';
import { codeNow, mailsTo, passwordStep, twoFactorUser } from '../two-factor/two-factor.fixtures.ts';

const t = useTestApp();

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t().app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'user-agent': CHROME_ON_MAC },
    ...(payload ? { payload } : {}),
  });

const reauthenticate = (token: string, payload: object) => call('POST', '/auth/reauthenticate', token, payload);
const exportData = (token: string) => call('GET', '/account/export', token);

function expectReauthRequired(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ message: expect.stringMatching(/confirm it is you/i), reauth_required: true });
}

describe('sudo mode: sensitive changes need a proof of the last 5 minutes', () => {
  it('refuses each sensitive change of a bare session with 403 reauth_required, and changes nothing', async () => {
    const { body, session } = await register(t());
    const token = session.access_token;
    const sensitive: [string, LightMyRequestResponse][] = [
      ['add passkey: options', await call('POST', '/auth/passkeys/options', token)],
      ['add passkey', await call('POST', '/auth/passkeys', token, { name: 'Key', credential: fakeCredential })],
      ['remove passkey', await call('DELETE', '/auth/passkeys/1', token)],
      ['two-factor setup', await call('POST', '/auth/2fa/setup', token)],
      ['two-factor on', await call('POST', '/auth/2fa/enable', token, { code: '123456' })],
      ['two-factor off', await call('POST', '/auth/2fa/disable', token, { password: GOOD_PASSWORD, code: '123456' })],
      ['new recovery codes', await call('POST', '/auth/2fa/recovery-codes', token, { code: '123456' })],
      [
        'change password',
        await call('POST', '/auth/change-password', token, {
          current_password: GOOD_PASSWORD,
          new_password: 'a-brand-new-passphrase-7',
        }),
      ],
      ['export', await exportData(token)],
      ['delete account', await call('DELETE', '/account', token, { password: GOOD_PASSWORD })],
    ];
    for (const [, res] of sensitive) expectReauthRequired(res);
    // The account and its password are as they were, and the session still works.
    const login = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: body.email, password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const info = (await call('GET', '/auth/register', token)).json().data;
    expect(info.security).toEqual({ two_factor_enabled: false, recovery_codes_left: 0, passkeys: 0 });
  });

  it('the password opens 5 minutes for this session only; at 5 minutes it is asked again', async () => {
    const { body, session } = await register(t());
    const other = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: body.email, password: GOOD_PASSWORD },
    });
    const started = t().clock.now().getTime();
    const res = await reauthenticate(session.access_token, { password: GOOD_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.elevated_until).toBe(new Date(started + REAUTH_WINDOW_MS).toISOString());
    expect((await exportData(session.access_token)).statusCode).toBe(200);
    // Another device of the same account proved nothing.
    expectReauthRequired(await exportData(other.json().data.access_token));
    t().clock.advance(REAUTH_WINDOW_MS - 1000);
    expect((await exportData(session.access_token)).statusCode).toBe(200);
    t().clock.advance(1000);
    // The session itself is still cached as active: only the elevation ended.
    expect((await call('GET', '/auth/register', session.access_token)).statusCode).toBe(200);
    expectReauthRequired(await exportData(session.access_token));
  });

  it('a wrong password is a 400 naming it and opens nothing; five sign the session out', async () => {
    const { session } = await register(t());
    const wrong = await reauthenticate(session.access_token, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'password', message: 'Your password is incorrect' }]);
    expectReauthRequired(await exportData(session.access_token));
    for (let i = 0; i < 3; i++) await reauthenticate(session.access_token, { password: 'not-my-password' });
    const fifth = await reauthenticate(session.access_token, { password: 'not-my-password' });
    expect(fifth.statusCode).toBe(401);
    expect((await call('GET', '/auth/register', session.access_token)).statusCode).toBe(401);
  });

  it('asks for exactly one proof, naming the field', async () => {
    const { session } = await register(t());
    const none = await reauthenticate(session.access_token, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].path).toBe('password');
    const both = await reauthenticate(session.access_token, { password: GOOD_PASSWORD, code: '123456' });
    expect(both.statusCode).toBe(400);
    expectReauthRequired(await exportData(session.access_token));
  });

  it('an account with two-factor sign-in proves it with a current code; a wrong or replayed one is refused', async () => {
    const user = await twoFactorUser(t());
    const challenge = await passwordStep(t(), user.email);
    t().clock.advance(30_000);
    const login = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/2fa',
      payload: { challenge, code: codeNow(t(), user.secret) },
    });
    const token = login.json().data.access_token as string;
    expectReauthRequired(await call('POST', '/auth/2fa/recovery-codes', token, { code: '123456' }));
    const wrong = await reauthenticate(token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('code');
    // The code that signed in was used: the same step does not count twice.
    expect((await reauthenticate(token, { code: codeNow(t(), user.secret) })).statusCode).toBe(400);
    t().clock.advance(30_000);
    expect((await reauthenticate(token, { code: codeNow(t(), user.secret) })).statusCode).toBe(200);
    t().clock.advance(30_000);
    const codes = await call('POST', '/auth/2fa/recovery-codes', token, { code: codeNow(t(), user.secret) });
    expect(codes.statusCode, codes.body).toBe(200);
  });

  it('an account with a passkey proves it with the passkey; an answer counts once, and only its own passkeys', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const { authenticator } = await addPasskey(t(), session.access_token);
    const signedIn = await passkeySignIn(t(), authenticator);
    const token = signedIn.json().data.access_token as string;
    expectReauthRequired(await exportData(token));

    const options = await call('POST', '/auth/reauthenticate/passkey-options', token);
    expect(options.statusCode, options.body).toBe(200);
    const { challenge_id, options: request } = options.json().data;
    const passkey = { challenge_id, credential: authenticator.authenticate(request) };
    expect((await reauthenticate(token, { passkey })).statusCode).toBe(200);
    expect((await exportData(token)).statusCode).toBe(200);
    const replay = await reauthenticate(token, { passkey });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors[0].path).toBe('passkey.challenge_id');

    // Another account's passkey does not answer this account's challenge.
    const stranger = await register(t());
    await elevate(t(), stranger.session);
    const theirs = await addPasskey(t(), stranger.session.access_token, 'Theirs', new SoftAuthenticator());
    const again = (await call('POST', '/auth/reauthenticate/passkey-options', token)).json().data;
    const forged = theirs.authenticator.authenticate({ ...again.options, allowCredentials: [] });
    const refused = await reauthenticate(token, { passkey: { challenge_id: again.challenge_id, credential: forged } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('passkey.credential');
  });

  it('an account without a passkey gets a 400 for passkey options', async () => {
    const { session } = await register(t());
    expect((await call('POST', '/auth/reauthenticate/passkey-options', session.access_token)).statusCode).toBe(400);
  });

  it('each change made in sudo mode mails the account what, when and from which device', async () => {
    const { body, session } = await register(t());
    await elevate(t(), session);
    expect((await exportData(session.access_token)).statusCode).toBe(200);
    const [mail] = (await mailsTo(t(), body.email)).filter((m) => m.kind === 'security_change');
    expect(mail?.text).toContain('A copy of all the data in your Helo account was downloaded');
    expect(mail?.text).toMatch(/When: November 21, 2026 at \d{1,2}:\d\d [AP]M UTC\./);
    expect(mail?.text).toContain('Device: Chrome on macOS (IP address 127.0.0.1)');
    expect(mail?.text).toMatch(/If this was not you, reset your password at once/);
    // A refused change mails nothing.
    const refused = await call('POST', '/auth/2fa/recovery-codes', session.access_token, { code: '123456' });
    expect(refused.statusCode).toBe(409);
    expect((await mailsTo(t(), body.email)).filter((m) => m.kind === 'security_change')).toHaveLength(1);
  });
});

const fakeCredential = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30' } };
