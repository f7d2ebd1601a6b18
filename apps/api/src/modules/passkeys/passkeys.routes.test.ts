import { MAX_PASSKEYS } from '@helo/contract/passkeys';
import { outboxMail, passkeys, webauthnChallenges } from '@helo/db/schema';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, elevate, register } from '../../../test/accounts.ts';
import { SoftAuthenticator } from '../../../test/harness/soft-authenticator.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { WEBAUTHN_CHALLENGE_TTL_MS } from './passkeys.service.ts';
import { addPasskey, del, get, post, registerPasskey } from './passkeys.test-helpers.ts';

const t = useTestApp();

const mailKinds = async (to: string) =>
  (
    await t()
      .database.db.select({ kind: outboxMail.kind })
      .from(outboxMail)
      .where(eq(outboxMail.toAddress, to.toLowerCase()))
      .orderBy(desc(outboxMail.createdAt))
  ).map((m) => m.kind);

const notificationTitles = async (token: string) =>
  (await t().app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(token) }))
    .json()
    .data.map((n: { title: string }) => n.title);

const clientData = (fields: object) =>
  Buffer.from(JSON.stringify({ type: 'webauthn.create', origin: 'http://helo.test', ...fields })).toString('base64url');

const credentialErrors = (res: { json(): { errors?: { path: string }[] } }) =>
  (res.json().errors ?? []).map((e) => e.path);

describe('adding a passkey', () => {
  it('options name this site and the user, ask for a discoverable credential, and leave out the passkeys already added', async () => {
    const { body, session } = await register(t(), { first_name: 'Grace', last_name: 'Hopper' });
    await elevate(t(), session);
    const first = await addPasskey(t(), session.access_token);
    const res = await post(t(), '/passkeys/options', undefined, session.access_token);
    expect(res.statusCode).toBe(200);
    const { options } = res.json().data;
    expect(options).toMatchObject({
      rp: { id: 'helo.test', name: 'Helo' },
      user: { name: body.email, displayName: 'Grace Hopper' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    expect(options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([
      first.authenticator.credentials[0]?.id,
    ]);
    const [stored] = await t()
      .database.db.select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, options.challenge));
    expect(stored).toMatchObject({ userId: session.user.id, purpose: 'register' });
    expect(stored?.expiresAt.getTime()).toBe(t().clock.now().getTime() + WEBAUTHN_CHALLENGE_TTL_MS);
  });

  it('adds it (201), lists it, and tells the user by mail and notification; removing it does too', async () => {
    const { body, session } = await register(t());
    await elevate(t(), session);
    const synced = new SoftAuthenticator({ backedUp: true });
    const res = await registerPasskey(t(), session.access_token, synced, '  Pixel 9  ');
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json().data;
    expect(added).toEqual({
      id: expect.any(Number),
      name: 'Pixel 9',
      created_at: t().clock.now().toISOString(),
      last_used_at: null,
      backed_up: true,
    });
    expect((await get(t(), '/passkeys', session.access_token)).json().data).toEqual([added]);
    const [row] = await t().database.db.select().from(passkeys).where(eq(passkeys.id, added.id));
    expect(row).toMatchObject({
      credentialId: synced.credentials[0]?.id,
      transports: ['internal', 'hybrid'],
      deviceType: 'multiDevice',
      counter: 0,
    });
    const info = (
      await t().app.inject({ method: 'GET', url: '/api/v1/auth/register', headers: bearer(session.access_token) })
    ).json().data.security;
    expect(info.passkeys).toBe(1);
    expect(await mailKinds(body.email)).toContain('passkey_added');
    expect(await notificationTitles(session.access_token)).toContain('Passkey added');

    const removed = await del(t(), `/passkeys/${added.id}`, session.access_token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Passkey removed', data: null });
    expect((await get(t(), '/passkeys', session.access_token)).json().data).toEqual([]);
    expect(await mailKinds(body.email)).toContain('passkey_removed');
    expect(await notificationTitles(session.access_token)).toContain('Passkey removed');
  });

  it("another user's passkey, or an id that names nothing, is a 404 and stays", async () => {
    const owner = await register(t());
    await elevate(t(), owner.session);
    const other = await register(t());
    await elevate(t(), other.session);
    const { passkey } = await addPasskey(t(), owner.session.access_token);
    for (const id of [String(passkey.id), 'abc', '99999999999', '0', '2147483648']) {
      const res = await del(t(), `/passkeys/${id}`, other.session.access_token);
      expect(res.statusCode, id).toBe(404);
    }
    expect((await get(t(), '/passkeys', other.session.access_token)).json().data).toEqual([]);
    expect((await get(t(), '/passkeys', owner.session.access_token)).json().data).toHaveLength(1);
  });

  it('each challenge answers once, and not after 5 minutes', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const authenticator = new SoftAuthenticator();
    const { options } = (await post(t(), '/passkeys/options', undefined, session.access_token)).json().data;
    const credential = authenticator.register(options);
    expect((await post(t(), '/passkeys', { name: 'Phone', credential }, session.access_token)).statusCode).toBe(201);
    const again = await post(t(), '/passkeys', { name: 'Phone', credential }, session.access_token);
    expect(again.statusCode).toBe(400);
    expect(credentialErrors(again)).toEqual(['credential']);
    expect(again.json().message).toMatch(/expired or was already used/);

    const late = (await post(t(), '/passkeys/options', undefined, session.access_token)).json().data.options;
    t().clock.advance(WEBAUTHN_CHALLENGE_TTL_MS + 1);
    await elevate(t(), session); // sudo mode's window ended with the challenge's
    const res = await post(
      t(),
      '/passkeys',
      { name: 'Late', credential: authenticator.register(late) },
      session.access_token,
    );
    expect(res.statusCode).toBe(400);
    expect(credentialErrors(res)).toEqual(['credential']);
    expect((await get(t(), '/passkeys', session.access_token)).json().data).toHaveLength(1);
  });

  it('a challenge given to another user does not register a passkey for this one', async () => {
    const a = await register(t());
    await elevate(t(), a.session);
    const b = await register(t());
    await elevate(t(), b.session);
    const { options } = (await post(t(), '/passkeys/options', undefined, a.session.access_token)).json().data;
    const credential = new SoftAuthenticator().register(options);
    const res = await post(t(), '/passkeys', { name: 'Stolen', credential }, b.session.access_token);
    expect(res.statusCode).toBe(400);
    expect((await get(t(), '/passkeys', b.session.access_token)).json().data).toEqual([]);
    // A's challenge was not used up by B's attempt.
    expect((await post(t(), '/passkeys', { name: 'Mine', credential }, a.session.access_token)).statusCode).toBe(201);
  });

  it("another site's page, or a key made for another site, is refused with a 400 naming credential", async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const res = await registerPasskey(t(), session.access_token, new SoftAuthenticator(), 'Phone', overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(credentialErrors(res)).toEqual(['credential']);
    }
    expect((await get(t(), '/passkeys', session.access_token)).json().data).toEqual([]);
  });

  it('an answer the WebAuthn library cannot read is a 400 naming credential, never a 500', async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const token = session.access_token;
    const { options } = (await post(t(), '/passkeys/options', undefined, token)).json().data;
    const good = new SoftAuthenticator().register(options);
    const broken = [
      { ...good, response: { ...good.response, attestationObject: 'AAAA' } },
      { ...good, response: { clientDataJSON: good.response.clientDataJSON } },
      { ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } },
      { ...good, id: 'c29tZXRoaW5nLWVsc2U', rawId: 'c29tZXRoaW5nLWVsc2U' },
      // A challenge no server issued, with a NUL PostgreSQL cannot take.
      { ...good, response: { ...good.response, clientDataJSON: clientData({ challenge: 'a\u0000b' }) } },
      { ...good, response: { ...good.response, clientDataJSON: clientData({ challenge: 42 }) } },
    ];
    for (const credential of broken) {
      const res = await post(t(), '/passkeys', { name: 'Broken', credential }, token);
      expect(res.statusCode, res.body).toBe(400);
      expect(credentialErrors(res)).toEqual(['credential']);
    }
    const noName = await post(t(), '/passkeys', { name: ' ', credential: good }, token);
    expect(noName.statusCode).toBe(400);
    expect(credentialErrors(noName)).toEqual(['name']);
  });

  it('a passkey already registered, to this account or another, is a 409', async () => {
    const a = await register(t());
    await elevate(t(), a.session);
    const b = await register(t());
    await elevate(t(), b.session);
    const { authenticator } = await addPasskey(t(), a.session.access_token);
    const credentialId = authenticator.credentials[0]?.id ?? '';
    for (const user of [a, b]) {
      const res = await registerPasskey(t(), user.session.access_token, new SoftAuthenticator(), 'Copy', {
        credentialId,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(credentialErrors(res)).toEqual(['credential']);
    }
    expect((await get(t(), '/passkeys', b.session.access_token)).json().data).toEqual([]);
  });

  it(`at most ${MAX_PASSKEYS} passkeys: the options and the answer are a 409 past that`, async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const token = session.access_token;
    for (let i = 1; i < MAX_PASSKEYS; i++) await addPasskey(t(), token, `Key ${i}`);
    // Two answers started at nine: the first is the tenth, the second one too many.
    const first = (await post(t(), '/passkeys/options', undefined, token)).json().data.options;
    const second = (await post(t(), '/passkeys/options', undefined, token)).json().data.options;
    const device = new SoftAuthenticator();
    expect((await post(t(), '/passkeys', { name: 'Ten', credential: device.register(first) }, token)).statusCode).toBe(
      201,
    );
    const eleventh = await post(t(), '/passkeys', { name: 'Eleven', credential: device.register(second) }, token);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toMatch(`at most ${MAX_PASSKEYS} passkeys`);
    const options = await post(t(), '/passkeys/options', undefined, token);
    expect(options.statusCode).toBe(409);
    expect((await get(t(), '/passkeys', token)).json().data).toHaveLength(MAX_PASSKEYS);
  });

  it(`two answers at once on ${MAX_PASSKEYS - 1} passkeys store one (PostgreSQL locks the user)`, async () => {
    const { session } = await register(t());
    await elevate(t(), session);
    const token = session.access_token;
    for (let i = 1; i < MAX_PASSKEYS; i++) await addPasskey(t(), token, `Key ${i}`);
    const optionsA = (await post(t(), '/passkeys/options', undefined, token)).json().data.options;
    const optionsB = (await post(t(), '/passkeys/options', undefined, token)).json().data.options;
    const [x, y] = await Promise.all([
      post(t(), '/passkeys', { name: 'A', credential: new SoftAuthenticator().register(optionsA) }, token),
      post(t(), '/passkeys', { name: 'B', credential: new SoftAuthenticator().register(optionsB) }, token),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    expect((await get(t(), '/passkeys', token)).json().data).toHaveLength(MAX_PASSKEYS);
  });

  it('needs a signed-in user', async () => {
    expect((await post(t(), '/passkeys/options')).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'GET', url: '/api/v1/auth/passkeys' })).statusCode).toBe(401);
  });
});
