import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { bankFixture, importRequests } from './import/import-requests.test-helpers.ts';
import { DEFAULT_WALLET_LIMITS, tooManyTransactions } from './wallet-limits.ts';
import { spend, walletRequests } from './wallet-requests.test-helpers.ts';

// Small limits, so a test reaches them: 3 uploads an hour, 20 transactions.
const t = useTestApp({
  config: { walletLimits: { ...DEFAULT_WALLET_LIMITS, importsPerHour: 3, maxTransactions: 20, stageChunkRows: 5 } },
});
const api = importRequests(t);
const wallet = walletRequests(t);
const HOUR = 60 * 60_000;

const total = async (token: string) => (await wallet.list(token, '?limit=100')).json().data.length as number;

describe('bank files an hour', () => {
  it('the upload past the limit is a 429 naming the file field, the limit and when to try again; an hour later it is taken', async () => {
    const { body, session } = await register(t());
    const token = session.access_token;
    await wallet.ok(wallet.call(token, 'POST', '/api/v1/nest/activate'));
    const other = await api.newUser();
    for (let i = 0; i < 3; i++) {
      t().clock.advance(60_000);
      expect((await api.upload(token, `${i}.csv`, bankFixture('checking-november.csv'))).statusCode).toBe(201);
    }
    const refused = await api.upload(token, 'more.csv', bankFixture('checking-november.csv'));
    expect(refused.statusCode).toBe(429);
    const message = 'You can upload at most 3 bank files an hour. Try again in 58 minutes.';
    expect(refused.json()).toEqual({ message, errors: [{ path: 'file', message }] });
    expect(refused.headers['retry-after']).toBe(String(58 * 60));
    // The limit is the user's own.
    expect((await api.upload(other.token, 'a.csv', bankFixture('checking-november.csv'))).statusCode).toBe(201);

    t().clock.advance(HOUR - 60_000);
    // Signed in again: the first access token has expired meanwhile.
    const login = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: body.email, password: body.password },
    });
    const later = await api.upload(login.json().data.access_token, 'later.csv', bankFixture('checking-november.csv'));
    expect(later.statusCode).toBe(201);
  });
});

describe('the ceiling on stored transactions', () => {
  it('an import that would pass it is a 409 at file that names it, and adds nothing', async () => {
    const { token } = await api.newUser();
    const first = (await api.upload(token, 'a.csv', bankFixture('checking-november.csv'))).json().data;
    expect((await api.commit(token, first.id)).json().data.inserted).toBe(15);
    const ofx = (await api.upload(token, 'b.ofx', bankFixture('statement.ofx'))).json().data;
    const refused = await api.commit(token, ofx.id);
    expect(refused.statusCode).toBe(409);
    const message = `${tooManyTransactions(20)} It has 15 and this file adds 6.`;
    expect(refused.json()).toEqual({ message, errors: [{ path: 'file', message }] });
    expect(await total(token)).toBe(15);
  });

  it('a hand entry past it is a 409 that names it; after a deletion there is room again', async () => {
    const { token } = await api.newUser();
    const first = (await api.upload(token, 'a.csv', bankFixture('checking-november.csv'))).json().data;
    await api.commit(token, first.id);
    const added = [];
    for (let i = 0; i < 5; i++) added.push(await wallet.ok(wallet.add(token, spend(-1 - i, `Kiosk ${i}`))));
    const refused = await wallet.add(token, spend(-9, 'One too many'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: tooManyTransactions(20) });
    expect(await total(token)).toBe(20);

    expect((await wallet.remove(token, added[0].id)).statusCode).toBe(200);
    expect((await wallet.add(token, spend(-9, 'Room again'))).statusCode).toBe(201);
    expect(await total(token)).toBe(20);
  });

  it('two hand entries at once at the last free place: one is taken, one is a 409 (a race only PostgreSQL can lose)', async () => {
    const { token } = await api.newUser();
    const first = (await api.upload(token, 'a.csv', bankFixture('checking-november.csv'))).json().data;
    await api.commit(token, first.id);
    for (let i = 0; i < 4; i++) await wallet.ok(wallet.add(token, spend(-1 - i, `Kiosk ${i}`)));
    const both = await Promise.all([wallet.add(token, spend(-7, 'Left')), wallet.add(token, spend(-8, 'Right'))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await total(token)).toBe(20);
  });
});
