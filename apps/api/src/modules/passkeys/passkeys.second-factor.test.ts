import { LOGIN_CHALLENGE_TTL_MS } from '@helo/contract/two-factor';
import { loginChallenges, passkeys, webauthnChallenges } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { elevate, GOOD_PASSWORD, register } from '../../../test/accounts.ts';
import type { SoftAuthenticator } from '../../../test/harness/soft-authenticator.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { runHousekeeping } from '../../jobs/housekeeping.ts';
import { MAX_CHALLENGE_FAILURES } from '../auth/index.ts';
import { twoFactorUser } from '../auth/testing.ts';
import { addPasskey, get, passkeySignIn, post } from './passkeys.test-helpers.ts';

const t = useTestApp();

/** An account with two-factor sign-in on (turned on through the API) and a passkey. */
async function twoFactorUserWithPasskey() {
  const user = await twoFactorUser(t());
  const { passkey, authenticator } = await addPasskey(t(), user.accessToken, 'Laptop');
  return { ...user, passkey, authenticator };
}

async function passwordStep(email: string) {
  const res = await post(t(), '/login', { email, password: GOOD_PASSWORD });
  expect(res.json().data.two_factor_required).toBe(true);
  return res.json().data as { challenge: string; methods: string[] };
}

async function passkeyStep(challenge: string, authenticator: SoftAuthenticator, credentialId?: string) {
  const res = await post(t(), '/login/2fa/passkey-options', { challenge });
  if (res.statusCode !== 200) return res;
  const credential = authenticator.authenticate(res.json().data.options, credentialId ? { credentialId } : {});
  return post(t(), '/login/2fa/passkey', { challenge, credential });
}

describe('a passkey as the second step of a two-factor login', () => {
  it("answers the step: the options allow the user's passkeys only, and the session is the usual one", async () => {
    const user = await twoFactorUserWithPasskey();
    const { challenge, methods } = await passwordStep(user.email);
    expect(methods).toContain('passkey');

    const optionsRes = await post(t(), '/login/2fa/passkey-options', { challenge });
    expect(optionsRes.statusCode).toBe(200);
    const { options } = optionsRes.json().data;
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([user.authenticator.credentials[0]?.id]);
    expect(options).toMatchObject({ rpId: 'helo.test', userVerification: 'preferred' });

    t().clock.advance(1000);
    // A security key without a PIN is enough here: the password was the other factor.
    const credential = user.authenticator.authenticate(options, { userVerified: false });
    const res = await post(t(), '/login/2fa/passkey', { challenge, credential });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.user.id).toBe(user.userId);
    expect(res.cookies.find((c) => c.name === 'helo_refresh')?.value).toBe(data.refresh_token);
    const [listed] = (await get(t(), '/passkeys', data.access_token)).json().data;
    expect(listed.last_used_at).toBe(t().clock.now().toISOString());

    // The login challenge is used up: neither the passkey nor a code can finish it again.
    const again = await post(t(), '/login/2fa/passkey', {
      challenge,
      credential: user.authenticator.authenticate(options),
    });
    expect(again.statusCode).toBe(401);
    const [row] = await t().database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, user.userId));
    expect(row?.usedAt).not.toBeNull();
  });

  it("another user's passkey does not answer, and counts as a wrong answer", async () => {
    const user = await twoFactorUserWithPasskey();
    const other = await register(t());
    await elevate(t(), other.session);
    const { authenticator: othersDevice } = await addPasskey(t(), other.session.access_token);
    const { challenge } = await passwordStep(user.email);
    const optionsRes = await post(t(), '/login/2fa/passkey-options', { challenge });
    const { options } = optionsRes.json().data;
    // The other user's device signs the same challenge with its own credential.
    const credential = othersDevice.authenticate({ ...options, allowCredentials: [] });
    const res = await post(t(), '/login/2fa/passkey', { challenge, credential });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'credential', message: expect.stringMatching(/not registered with this account/) },
    ]);
    expect(res.headers['set-cookie']).toBeUndefined();
    const [row] = await t().database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, user.userId));
    expect(row?.failedAttempts).toBe(1);
    // The right passkey still finishes it.
    expect((await passkeyStep(challenge, user.authenticator)).statusCode).toBe(200);
  });

  it(`${MAX_CHALLENGE_FAILURES} wrong answers end the challenge: the password must be given again`, async () => {
    const user = await twoFactorUserWithPasskey();
    const { challenge } = await passwordStep(user.email);
    const { options } = (await post(t(), '/login/2fa/passkey-options', { challenge })).json().data;
    const answers: { status: number; message: string }[] = [];
    for (let i = 0; i < MAX_CHALLENGE_FAILURES; i++) {
      const credential = user.authenticator.authenticate(options, { origin: 'https://evil.example' });
      const res = await post(t(), '/login/2fa/passkey', { challenge, credential });
      answers.push({ status: res.statusCode, message: res.json().message });
    }
    // Wrong answers are a 400 on the credential while the challenge lives; the last one ends it (401).
    expect(answers.map((a) => a.status)).toEqual([...Array(MAX_CHALLENGE_FAILURES - 1).fill(400), 401]);
    expect(answers.at(-1)?.message).toMatch(/Too many/);
    expect((await passkeyStep(challenge, user.authenticator)).statusCode).toBe(401);
    // A new password step starts afresh.
    expect((await passkeyStep((await passwordStep(user.email)).challenge, user.authenticator)).statusCode).toBe(200);
  });

  it('a challenge that expired, that names nothing, or whose passkey step was never asked, does not sign in', async () => {
    const user = await twoFactorUserWithPasskey();
    const { challenge } = await passwordStep(user.email);
    const { options } = (await post(t(), '/login/2fa/passkey-options', { challenge })).json().data;
    t().clock.advance(LOGIN_CHALLENGE_TTL_MS + 1);
    const late = await post(t(), '/login/2fa/passkey', {
      challenge,
      credential: user.authenticator.authenticate(options),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toMatch(/expired/);

    expect((await post(t(), '/login/2fa/passkey-options', { challenge: 'made-up' })).statusCode).toBe(401);

    const fresh = (await passwordStep(user.email)).challenge;
    const skipped = await post(t(), '/login/2fa/passkey', {
      challenge: fresh,
      credential: user.authenticator.authenticate(options),
    });
    expect(skipped.statusCode).toBe(400);
    expect((await passkeyStep(fresh, user.authenticator)).statusCode).toBe(200);
  });

  it('an account without a passkey is told to use its code', async () => {
    const { email } = await twoFactorUser(t());
    const { challenge, methods } = await passwordStep(email);
    expect(methods).not.toContain('passkey');
    const res = await post(t(), '/login/2fa/passkey-options', { challenge });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no passkey/);
  });

  it('signing in with the passkey alone skips the code (decisions.md, issue 16)', async () => {
    const user = await twoFactorUserWithPasskey();
    const res = await passkeySignIn(t(), user.authenticator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.id).toBe(user.userId);
    const [row] = await t().database.db.select().from(passkeys).where(eq(passkeys.id, user.passkey.id));
    expect(row?.lastUsedAt).not.toBeNull();
  });
});

describe('housekeeping', () => {
  it('deletes the challenges that expired, and keeps the ones still open', async () => {
    const user = await twoFactorUserWithPasskey();
    await passwordStep(user.email);
    const signIn = (await post(t(), '/passkey-login/options')).json().data.challenge_id as string;
    t().clock.advance(LOGIN_CHALLENGE_TTL_MS + 1);
    const { challenge } = await passwordStep(user.email);
    const open = (await post(t(), '/passkey-login/options')).json().data.challenge_id as string;

    const deleted = await runHousekeeping({ db: t().database.db, clock: t().clock });
    expect(deleted.challenges).toBeGreaterThanOrEqual(2);
    const logins = await t().database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, user.userId));
    expect(logins).toHaveLength(1);
    const ids = (await t().database.db.select({ id: webauthnChallenges.id }).from(webauthnChallenges)).map((r) => r.id);
    expect(ids).toContain(open);
    expect(ids).not.toContain(signIn);
    expect((await passkeyStep(challenge, user.authenticator)).statusCode).toBe(200);
  });
});
