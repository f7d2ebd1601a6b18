import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { BASE, spend, TODAY, walletRequests } from './wallet-requests.test-helpers.ts';

/**
 * GET /v1/wallet/transactions.csv (issue 31 item 6): the transactions in the layout Monarch, YNAB and
 * Actual import, with the list's filters; a split is a line per part, adding up to the whole.
 */

const t = useTestApp();
const api = walletRequests(t);

const csvOf = async (token: string, query = '') => {
  const res = await api.call(token, 'GET', `${BASE}/transactions.csv${query}`);
  return { res, rows: Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true }) };
};

describe('the transactions CSV', () => {
  it('has every transaction, newest first, split into its parts, tags and notes kept; the filters apply', async () => {
    const { token } = await api.activeUser();
    await api.budget(token);
    const card = (await api.ok(api.addAccount(token, { kind: 'credit_card', name: 'Visa' }))) as { id: string };
    await api.ok(api.add(token, spend(-12.5, 'Corner Cafe', { date: '2026-11-02', category: 'Dining Out' })));
    await api.ok(
      api.add(
        token,
        spend(-100, 'Costco', {
          date: '2026-11-10',
          note: 'Monthly shop',
          tags: ['Family', 'Bulk'],
          splits: [
            { category: 'Food', amount: -70.01 },
            { category: 'Housing', amount: -29.99 },
          ],
        }),
      ),
    );
    await api.ok(api.add(token, spend(-5, '+SIGN STORE', { account_id: card.id })));

    const { res, rows } = await csvOf(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="helo-transactions-${TODAY}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(rows.meta.fields).toEqual(['Date', 'Account', 'Payee', 'Category', 'Amount', 'Notes', 'Tags']);
    expect(rows.data).toEqual([
      // A payee that starts like a formula is written with a leading quote; the amount stays a number.
      {
        Date: TODAY,
        Account: 'Visa',
        Payee: "'+SIGN STORE",
        Category: 'Uncategorized',
        Amount: '-5.00',
        Notes: '',
        Tags: '',
      },
      {
        Date: '2026-11-10',
        Account: 'Wallet',
        Payee: 'Costco',
        Category: 'Food',
        Amount: '-70.01',
        Notes: 'Monthly shop',
        Tags: 'Bulk, Family',
      },
      {
        Date: '2026-11-10',
        Account: 'Wallet',
        Payee: 'Costco',
        Category: 'Housing',
        Amount: '-29.99',
        Notes: 'Monthly shop',
        Tags: 'Bulk, Family',
      },
      {
        Date: '2026-11-02',
        Account: 'Wallet',
        Payee: 'Corner Cafe',
        Category: 'Dining Out',
        Amount: '-12.50',
        Notes: '',
        Tags: '',
      },
    ]);
    // The parts add up to the whole, to the cent.
    const costco = rows.data
      .filter((r) => r.Payee === 'Costco')
      .reduce((s, r) => s + Math.round(Number(r.Amount) * 100), 0);
    expect(costco).toBe(-10_000);

    expect((await csvOf(token, `?account_id=${card.id}`)).rows.data.map((r) => r.Payee)).toEqual(["'+SIGN STORE"]);
    expect((await csvOf(token, '?tag=family')).rows.data.map((r) => r.Category)).toEqual(['Food', 'Housing']);
    expect((await csvOf(token, '?from=2026-11-01&to=2026-11-05')).rows.data.map((r) => r.Payee)).toEqual([
      'Corner Cafe',
    ]);
  });

  it("holds nothing of another user's, and names a bad filter", async () => {
    const { token } = await api.activeUser();
    for (let i = 0; i < 3; i++) await api.ok(api.add(token, spend(-(i + 1), `Shop ${i}`)));
    const other = await api.activeUser();
    await api.ok(api.add(other.token, spend(-9, 'Not yours')));
    const { rows } = await csvOf(token);
    expect(rows.data.map((r) => r.Payee).sort()).toEqual(['Shop 0', 'Shop 1', 'Shop 2']);
    const bad = await csvOf(token, '?from=2026-13-01');
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().errors[0].path).toBe('from');
    const foreign = await csvOf(token, `?account_id=${crypto.randomUUID()}`);
    expect(foreign.res.statusCode).toBe(400);
    expect(foreign.res.json().errors[0].path).toBe('account_id');
  });
});
