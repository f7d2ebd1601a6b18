import { outboxMail, userDebts, users } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, elevate, GOOD_PASSWORD, register, uniqueEmail } from '../../../test/accounts.ts';
import { seedUser } from '../../../test/harness/seed-every-table.ts';
import { generousRateLimits, type TestApp, useTestApp } from '../../../test/test-app.ts';
import { codeNow, twoFactorUser } from '../auth/testing.ts';
import { rowsMentioning } from './schema-scan.test-helpers.ts';

const getT = useTestApp();
const ACCOUNT = '/api/v1/account';

const deleteAccount = (t: TestApp, token: string, payload: object) =>
  t.app.inject({ method: 'DELETE', url: ACCOUNT, headers: bearer(token), payload });

const errorPaths = (body: string): string[] => (JSON.parse(body).errors ?? []).map((e: { path: string }) => e.path);

const login = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

describe('DELETE /v1/account', () => {
  it('refuses a wrong password, naming it, and keeps everything', async () => {
    const t = getT();
    const user = await seedUser(t, 'Wrongpass');
    const before = await rowsMentioning(t.database.db, user);
    const res = await deleteAccount(t, user.accessToken, { password: 'not-my-password-at-all' });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorPaths(res.body)).toEqual(['password']);
    expect(await rowsMentioning(t.database.db, user)).toEqual(before);
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  });

  it('asks for the password', async () => {
    const t = getT();
    const { session } = await register(t);
    await elevate(t, session);
    const res = await deleteAccount(t, session.access_token, {});
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res.body)).toEqual(['password']);
  });

  it('asks for a code when two-factor sign-in is on, naming it, and deletes with a right one', async () => {
    const t = getT();
    const user = await twoFactorUser(t);
    const missing = await deleteAccount(t, user.accessToken, { password: user.password });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(errorPaths(missing.body)).toEqual(['code']);
    const wrongCode = codeNow(t, user.secret) === '000000' ? '111111' : '000000';
    const wrong = await deleteAccount(t, user.accessToken, { password: user.password, code: wrongCode });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(errorPaths(wrong.body)).toEqual(['code']);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(still?.email).toBe(user.email);

    const right = await deleteAccount(t, user.accessToken, { password: user.password, code: codeNow(t, user.secret) });
    expect(right.statusCode, right.body).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.userId))).toEqual([]);
  });

  it('takes a recovery code instead of the app code', async () => {
    const t = getT();
    const user = await twoFactorUser(t);
    const res = await deleteAccount(t, user.accessToken, { password: user.password, code: user.recoveryCodes[0] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsMentioning(t.database.db, { id: user.userId, email: user.email })).toEqual([
      { table: 'public.outbox_mail', column: 'to_address', rows: 1 },
    ]);
  });

  it('deletes the account: sessions end, the cookie is cleared, signing in answers as for an unknown address', async () => {
    const t = getT();
    const user = await seedUser(t, 'Leaving');
    const res = await deleteAccount(t, user.accessToken, { password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/helo_refresh=;.*Expires=Thu, 01 Jan 1970/);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/register', headers: bearer(user.accessToken) });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { refresh_token: user.refreshToken },
    });
    expect(refresh.statusCode).toBe(403);

    const gone = await login(t, user.email, user.password);
    const unknown = await login(t, uniqueEmail('nobody'), user.password);
    expect(gone.statusCode).toBe(401);
    expect(gone.body).toBe(unknown.body);

    // Without SMTP the outbox row is the delivery: the goodbye mail is the one row left, and it
    // holds the address only (housekeeping deletes it with the other outbox mail after 7 days).
    expect(await rowsMentioning(t.database.db, user)).toEqual([
      { table: 'public.outbox_mail', column: 'to_address', rows: 1 },
    ]);
    const [goodbye] = await t.database.db.select().from(outboxMail).where(eq(outboxMail.toAddress, user.email));
    expect(goodbye).toMatchObject({ kind: 'account_deleted', subject: 'Your Helo account was deleted' });
    expect(goodbye?.textBody).toContain('Hi Leaving,');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { first_name: 'New', last_name: 'Start', email: user.email, password: GOOD_PASSWORD },
    });
    expect(again.statusCode, again.body).toBe(201);
    const newId = again.json().data.user.id;
    expect(newId).not.toBe(user.id);
    expect(await t.database.db.select().from(userDebts).where(eq(userDebts.userId, newId))).toEqual([]);
  });

  it('signs a session out after five wrong passwords', async () => {
    const t = getT();
    const { session } = await register(t);
    await elevate(t, session);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await deleteAccount(t, session.access_token, { password: `wrong-${i}-password` })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 401]);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/register',
      headers: bearer(session.access_token),
    });
    expect(me.statusCode).toBe(401);
  });

  it('needs a signed-in user', async () => {
    const res = await getT().app.inject({ method: 'DELETE', url: ACCOUNT, payload: { password: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('rate limits per account', () => {
  const limited = useTestApp({
    config: {
      rateLimits: {
        ...generousRateLimits,
        changePassword: { ip: { max: 100, windowMs: 60_000 }, account: { max: 2, windowMs: 60_000 } },
        accountExport: { ip: { max: 100, windowMs: 60_000 }, account: { max: 2, windowMs: 60_000 } },
      },
    },
  });

  it('answers 429 to a password check after the limit, whatever the password', async () => {
    const t = limited();
    const { body, session } = await register(t);
    await elevate(t, session);
    const wrong = await deleteAccount(t, session.access_token, { password: 'wrong-password-1' });
    expect(wrong.statusCode).toBe(400);
    const wrongAgain = await deleteAccount(t, session.access_token, { password: 'wrong-password-2' });
    expect(wrongAgain.statusCode).toBe(400);
    const right = await deleteAccount(t, session.access_token, { password: body.password });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });

  it('answers 429 to a third export within the window', async () => {
    const t = limited();
    const { session } = await register(t);
    await elevate(t, session);
    const exports = async () =>
      (await t.app.inject({ method: 'GET', url: `${ACCOUNT}/export`, headers: bearer(session.access_token) }))
        .statusCode;
    expect([await exports(), await exports(), await exports()]).toEqual([200, 200, 429]);
  });
});
