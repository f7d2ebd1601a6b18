import { passkeys, webauthnChallenges } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { elevate, register } from '../../../test/accounts.ts';
import { SoftAuthenticator } from '../../../test/harness/soft-authenticator.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { WEBAUTHN_CHALLENGE_TTL_MS } from './passkeys.service.ts';
import { addPasskey, del, get, passkeySignIn, post } from './passkeys.test-helpers.ts';

const t = useTestApp();

describe('signing in with a passkey', () => {
  it('a registered passkey signs in (a working session and the refresh cookie), is marked used, and stops working once removed', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const { passkey, authenticator } = await addPasskey(t(), session.access_token, 'Work laptop');

    t().clock.advance(60_000);
    const signIn = await passkeySignIn(t(), authenticator);
    expect(signIn.statusCode, signIn.body).toBe(200);
    const data = signIn.json().data;
    expect(data.user.id).toBe(session.user.id);
    expect(data).not.toHaveProperty('sessionId');
    expect(signIn.cookies.find((c) => c.name === 'helo_refresh')?.value).toBe(data.refresh_token);
    expect((await get(t(), '/sessions', data.access_token)).statusCode).toBe(200);

    const list = (await get(t(), '/passkeys', data.access_token)).json().data;
    expect(list).toEqual([
      {
        id: passkey.id,
        name: 'Work laptop',
        created_at: '2026-11-21T12:00:00.000Z',
        last_used_at: '2026-11-21T12:01:00.000Z',
        backed_up: false,
      },
    ]);
    const [row] = await t().database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row?.counter).toBe(1);

    expect((await passkeySignIn(t(), authenticator)).statusCode).toBe(200);
    const [again] = await t().database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(again?.counter).toBe(2);

    expect((await del(t(), `/passkeys/${passkey.id}`, session.access_token)).statusCode).toBe(200);
    const refused = await passkeySignIn(t(), authenticator);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/not registered with Helo/);
  });

  it('a challenge answers once: the same answer sent again is refused', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const { authenticator } = await addPasskey(t(), session.access_token);
    const { challenge_id, options } = (await post(t(), '/passkey-login/options')).json().data;
    const body = { challenge_id, credential: authenticator.authenticate(options) };
    expect((await post(t(), '/passkey-login', body)).statusCode).toBe(200);
    const replay = await post(t(), '/passkey-login', body);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/expired/);
  });

  it('the same answer sent twice at once signs in once (PostgreSQL)', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const { authenticator } = await addPasskey(t(), session.access_token);
    const { challenge_id, options } = (await post(t(), '/passkey-login/options')).json().data;
    const body = { challenge_id, credential: authenticator.authenticate(options) };
    const answers = await Promise.all([post(t(), '/passkey-login', body), post(t(), '/passkey-login', body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect((await get(t(), '/sessions', session.access_token)).json().data).toHaveLength(2);
  });

  it('a challenge that expired is refused', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const { authenticator } = await addPasskey(t(), session.access_token);
    const { challenge_id, options } = (await post(t(), '/passkey-login/options')).json().data;
    t().clock.advance(WEBAUTHN_CHALLENGE_TTL_MS + 1);
    const late = await post(t(), '/passkey-login', { challenge_id, credential: authenticator.authenticate(options) });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toMatch(/expired/);
  });

  it("another site's page, or a passkey made for another site, does not sign in; nor does a wrong signature", async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const { authenticator } = await addPasskey(t(), session.access_token);
    for (const overrides of [{ origin: 'https://helo.test.evil.example' }, { rpId: 'evil.example' }]) {
      const res = await passkeySignIn(t(), authenticator, overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const { challenge_id, options } = (await post(t(), '/passkey-login/options')).json().data;
    const credential = authenticator.authenticate(options);
    const tampered = {
      ...credential,
      response: { ...credential.response, signature: credential.response.clientDataJSON },
    };
    expect((await post(t(), '/passkey-login', { challenge_id, credential: tampered })).statusCode).toBe(401);
  });

  it('an unknown passkey or a challenge id that names nothing is a 401, and a malformed answer a 400, never a 500', async () => {
    const stranger = new SoftAuthenticator();
    const { session } = await register(t());
    await elevate(t(), session);
    const { options } = (await post(t(), '/passkeys/options', undefined, session.access_token)).json().data;
    stranger.register(options);
    const unknown = await passkeySignIn(t(), stranger);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toMatch(/not registered with Helo/);

    const { options: loginOptions } = (await post(t(), '/passkey-login/options')).json().data;
    for (const challenge_id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await post(t(), '/passkey-login', { challenge_id, credential: stranger.authenticate(loginOptions) });
      expect(res.statusCode).toBe(401);
    }
    const malformed = await post(t(), '/passkey-login', { challenge_id: 'x', credential: { id: 'abc' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.map((e: { path: string }) => e.path)).toContain('credential.rawId');
  });

  it('a signature counter that went back (a cloned key) is refused', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const { authenticator } = await addPasskey(t(), session.access_token);
    expect((await passkeySignIn(t(), authenticator)).statusCode).toBe(200);
    expect((await passkeySignIn(t(), authenticator)).statusCode).toBe(200);
    const [credential] = authenticator.credentials;
    if (credential) credential.counter = 0;
    const res = await passkeySignIn(t(), authenticator);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/could not be verified/);
  });

  it('a passkey that did not check the person (no PIN or biometrics) is not enough to sign in alone', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const { authenticator } = await addPasskey(t(), session.access_token);
    const res = await passkeySignIn(t(), authenticator, { userVerified: false });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/did not confirm it is you/);
  });

  it('options are a challenge for any passkey of this site, kept 5 minutes', async () => {
    const res = await post(t(), '/passkey-login/options');
    expect(res.statusCode).toBe(200);
    const { challenge_id, options } = res.json().data;
    expect(options).toMatchObject({ rpId: 'helo.test', userVerification: 'preferred' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const [row] = await t()
      .database.db.select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.id, challenge_id));
    expect(row?.challenge).toBe(options.challenge);
    expect(row?.expiresAt.getTime()).toBe(t().clock.now().getTime() + WEBAUTHN_CHALLENGE_TTL_MS);
  });
});
