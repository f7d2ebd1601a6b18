import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { errorPaths, spend, walletRequests } from './wallet-requests.test-helpers.ts';

/** Every field My Wallet takes, refused with a 400 naming it, and nothing written. */
const t = useTestApp();
const api = walletRequests(t);

let token: string;
beforeAll(async () => {
  ({ token } = await api.activeUser());
});

const long = (n: number) => 'x'.repeat(n);

describe('POST /v1/wallet/transactions refuses', () => {
  it.each([
    ['no date', { payee: 'Shop', amount: -1 }, 'date', 'Date is required'],
    ['a date that is not one', spend(-1, 'Shop', { date: '2026-02-30' }), 'date', 'Date is not a real date'],
    ['a date before 1900', spend(-1, 'Shop', { date: '1899-12-31' }), 'date', 'Date must be between 1900 and 2199'],
    ['no payee', { date: '2026-11-20', amount: -1 }, 'payee', undefined],
    ['a blank payee', spend(-1, '   '), 'payee', undefined],
    ['a payee over 100 characters', spend(-1, long(101)), 'payee', undefined],
    ['no amount', { date: '2026-11-20', payee: 'Shop' }, 'amount', 'Amount is required'],
    ['an amount as text', spend('-1' as unknown as number, 'Shop'), 'amount', 'Amount must be a number'],
    ['$0', spend(0, 'Shop'), 'amount', 'Amount cannot be $0'],
    ['a fraction of a cent', spend(-1.005, 'Shop'), 'amount', 'Amount can have at most two decimals (cents)'],
    ['more than $10 billion out', spend(-10_000_000_000.01, 'Shop'), 'amount', undefined],
    ['a category over 60 characters', spend(-1, 'Shop', { category: long(61) }), 'category', undefined],
    ['a blank category', spend(-1, 'Shop', { category: '  ' }), 'category', 'Category is required'],
    ['a note over 500 characters', spend(-1, 'Shop', { note: long(501) }), 'note', undefined],
    ['a NUL in the payee', spend(-1, 'Sh\u0000op'), 'payee', undefined],
  ])('%s', async (_what, body, path, message) => {
    const res = await api.add(token, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorPaths(res)).toContain(path);
    if (message) expect(res.json().errors).toContainEqual({ path, message });
    expect((await api.list(token)).json().data).toEqual([]);
  });
});

describe('PUT /v1/wallet/transactions/{id} refuses', () => {
  it('a missing or wrong version, naming it', async () => {
    const tx = await api.ok(api.add(token, spend(-3, 'Versioned')));
    for (const version of [undefined, 0, 'one', 1.5]) {
      const res = await api.save(token, tx.id, { ...spend(-4, 'Versioned'), version });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorPaths(res)).toEqual(['version']);
    }
    expect((await api.ok(api.list(token, '?q=versioned')))[0]).toEqual(tx);
    await api.ok(api.remove(token, tx.id));
  });
});

describe('GET /v1/wallet/transactions refuses', () => {
  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=2.5', 'limit'],
    ['?limit=ten', 'limit'],
    ['?from=2026-13-01', 'from'],
    ['?to=yesterday', 'to'],
    [`?q=${long(101)}`, 'q'],
    [`?category=${long(61)}`, 'category'],
    [`?cursor=${long(201)}`, 'cursor'],
    ['?cursor=bm90IGEgY3Vyc29y', 'cursor'],
  ])('%s, naming %s', async (query, path) => {
    const res = await api.list(token, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorPaths(res)).toContain(path);
  });

  it('takes up to 100 a page, 50 by default', async () => {
    expect((await api.list(token, '?limit=100')).statusCode).toBe(200);
    expect((await api.list(token, '?limit=1')).statusCode).toBe(200);
  });
});
