import type { Cents } from '@helo/finance/cents';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { BASE as BUDGETS } from '../budgets/testing.ts';
import { ensureAccount, postMany } from '../ledger/index.ts';
import { BASE, errorPaths, spend, TODAY, walletRequests } from './wallet-requests.test-helpers.ts';

const t = useTestApp();
const api = walletRequests(t);

describe('before the Money Nest is active', () => {
  it('adding is a 409 that says to activate; the list is an empty page and the balance $0', async () => {
    const { token } = await api.newUser();
    const add = await api.add(token, spend(-5, 'Coffee'));
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe('Activate the Money Nest first');
    expect((await api.list(token)).json()).toEqual({ data: [], next_cursor: null });
    const summary = await api.summary(token);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().data).toMatchObject({ month: '2026-11', balance: 0, total_spent: 0, income: 0 });
  });

  it('answers with Cache-Control: no-store, and 401 without a session', async () => {
    const { token } = await api.activeUser();
    const added = await api.add(token, spend(-5, 'Coffee'));
    const id = added.json().data.id;
    for (const res of [
      added,
      await api.list(token),
      await api.summary(token),
      await api.save(token, id, { ...spend(-6, 'Coffee'), version: 1 }),
      await api.remove(token, id),
      await api.remove(token, id),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
    for (const url of [`${BASE}/transactions`, `${BASE}/summary`]) {
      expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('adding a transaction', () => {
  it('answers it in dollars, money out negative, Uncategorized when no category is given', async () => {
    const { token } = await api.activeUser();
    const res = await api.add(token, { ...spend(-12.34, '  Corner Deli  '), note: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Transaction added');
    const tx = res.json().data;
    const [wallet] = await api.accounts(token);
    expect(tx).toEqual({
      id: expect.any(String),
      account_id: wallet?.id,
      date: TODAY,
      payee: 'Corner Deli',
      amount: -12.34,
      category: 'Uncategorized',
      original_payee: null,
      bank_category: null,
      tags: [],
      splits: null,
      note: null,
      import_id: null,
      version: 1,
      created_at: '2026-11-21T12:00:00.000Z',
      kind: 'transaction',
      transfer: null,
      nest_deposit_id: null,
      possible_duplicate: null,
      suggested_category: null,
    });
    expect((await api.list(token)).json().data).toEqual([tx]);
  });

  it("files it under the month's budget category in any case, spelled as the budget spells it", async () => {
    const { token } = await api.activeUser();
    await api.budget(token);
    const lower = await api.ok(api.add(token, spend(-20, 'Diner', { category: 'dining out' })));
    expect(lower.category).toBe('Dining Out');
    const shouting = await api.ok(api.add(token, spend(30, 'Refund', { category: 'FOOD', note: 'returned eggs' })));
    expect(shouting).toMatchObject({ category: 'Food', amount: 30, note: 'returned eggs' });
    const uncategorized = await api.ok(api.add(token, spend(-1, 'Gum', { category: 'uNcAtEgOrIzEd' })));
    expect(uncategorized.category).toBe('Uncategorized');
  });

  it('refuses a category the month does not have, with a clear message on the field', async () => {
    const { token } = await api.activeUser();
    await api.budget(token);
    const res = await api.add(token, spend(-20, 'Cinema', { category: 'Movies' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'category', message: "Category must be one of this month's budget categories or Uncategorized" },
    ]);
    // October has no budget: only Uncategorized, and the message says why.
    const october = await api.add(token, spend(-20, 'Rent', { category: 'Housing', date: '2026-10-03' }));
    expect(october.statusCode).toBe(400);
    expect(october.json().errors).toEqual([
      { path: 'category', message: 'October 2026 has no budget: the category can only be Uncategorized' },
    ]);
    expect((await api.ok(api.add(token, spend(-20, 'Rent', { date: '2026-10-03' })))).category).toBe('Uncategorized');
    expect((await api.list(token)).json().data).toHaveLength(1);
  });

  it('refuses a day after tomorrow in New York, and names every bad field at once', async () => {
    const { token } = await api.activeUser();
    expect((await api.add(token, spend(-1, 'Tomorrow', { date: '2026-11-22' }))).statusCode).toBe(201);
    const both = await api.add(token, spend(-1, 'Later', { date: '2026-11-23', category: 'Nope' }));
    expect(both.statusCode).toBe(400);
    expect(errorPaths(both)).toEqual(['date', 'category']);
    expect(both.json().message).toBe('date: Date must be today or earlier');
  });
});

describe('the list', () => {
  it('pages newest first through transactions of one day and one instant without repeating or skipping', async () => {
    const { token } = await api.activeUser();
    // The test clock stands still: these share their date and their time added, so the id decides.
    const sameDay = [];
    for (let i = 0; i < 7; i++) sameDay.push(await api.ok(api.add(token, spend(-(i + 1), `Same day ${i}`))));
    const older = await api.ok(api.add(token, spend(-50, 'Older', { date: '2026-11-02' })));
    t().clock.advance(1000);
    const later = await api.ok(api.add(token, spend(-60, 'Added later, earlier day', { date: '2026-11-20' })));
    const pages = await api.allPages(token, '', 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 2, 1]);
    const ids = pages.flat().map((x) => x.id);
    const byIdDesc = sameDay.map((x) => x.id).sort((a, b) => (a < b ? 1 : -1));
    expect(ids).toEqual([...byIdDesc, later.id, older.id]);
  });

  it('walks 300 rows of 10 days, many added at one instant, to the last page in the exact order', async () => {
    const { token, userId } = await api.activeUser();
    const [wallet] = await api.accounts(token);
    if (!wallet) throw new Error('no Wallet');
    const db = t().database.db;
    const shop = await ensureAccount(db, userId, { kind: 'spending', name: 'Uncategorized' });
    const instants = [new Date('2026-11-21T12:00:00Z'), new Date('2026-11-21T12:00:01Z')];
    const posted = await postMany(
      db,
      userId,
      Array.from({ length: 300 }, (_, i) => ({
        date: `2026-11-${String(1 + (i % 10)).padStart(2, '0')}`,
        kind: 'wallet.transaction',
        description: `Row ${i}`,
        createdAt: instants[i % 2] as Date,
        lines: [
          { accountId: wallet.id, amountCents: -(i + 1) as Cents },
          { accountId: shop.id, amountCents: (i + 1) as Cents },
        ],
      })),
    );
    const key = (r: { date: string; createdAt: Date; groupId: string }) =>
      `${r.date}|${r.createdAt.toISOString()}|${r.groupId}`;
    const expected = posted.sort((a, b) => (key(a) < key(b) ? 1 : -1)).map((r) => r.groupId);
    const pages = await api.allPages(token, '', 7);
    expect(pages).toHaveLength(43);
    expect(pages.flat().map((r) => r.id)).toEqual(expected);
    // The cursor of a page deep in the list answers the rest, and only the rest.
    const deep = (await api.list(token, '?limit=100')).json();
    const after = (await api.list(token, `?limit=100&cursor=${deep.next_cursor}`)).json();
    expect(after.data.map((r: { id: string }) => r.id)).toEqual(expected.slice(100, 200));
  });

  it('a row added or deleted between pages neither repeats nor shifts the next page', async () => {
    const { token } = await api.activeUser();
    for (let i = 1; i <= 5; i++) await api.ok(api.add(token, spend(-i, `Day ${i}`, { date: `2026-11-0${i}` })));
    const first = (await api.list(token, '?limit=2')).json();
    expect(first.data.map((x: { payee: string }) => x.payee)).toEqual(['Day 5', 'Day 4']);
    await api.ok(api.add(token, spend(-9, 'Newest')));
    await api.ok(api.remove(token, first.data[0].id));
    const second = (await api.list(token, `?limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.data.map((x: { payee: string }) => x.payee)).toEqual(['Day 3', 'Day 2']);
  });

  it('a cursor the server did not hand out is a 400 naming cursor', async () => {
    const { token } = await api.activeUser();
    const forged = Buffer.from('2026-11-21|yesterday|not-a-uuid').toString('base64url');
    for (const cursor of ['garbage', forged, Buffer.from('0000-01-01|x|y|z').toString('base64url')]) {
      const res = await api.list(token, `?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(errorPaths(res)).toEqual(['cursor']);
    }
  });

  it('filters by dates (both ends included), a category in any case and a search, together', async () => {
    const { token } = await api.activeUser();
    await api.budget(token);
    const add = (amount: number, payee: string, date: string, category?: string, note?: string) => {
      // A second apart, so the two on one day are in the order added.
      t().clock.advance(1000);
      return api.ok(
        api.add(token, { date, payee, amount, ...(category ? { category } : {}), ...(note ? { note } : {}) }),
      );
    };
    await add(-10, 'Whole Foods', '2026-11-01', 'Food');
    await add(-11, 'Trader Joe', '2026-11-05', 'Food', 'whole grain bread');
    await add(-12, 'Whole Foods', '2026-11-10', 'Food');
    await add(-13, 'Whole Foods', '2026-11-10', 'Dining Out');
    await add(-14, 'Whole Foods', '2026-11-15', 'Food');
    await add(-15, 'Whole Foods', '2026-10-31');
    const payees = async (query: string) =>
      (await api.list(token, query)).json().data.map((x: { amount: number }) => x.amount);
    expect(await payees('?from=2026-11-05&to=2026-11-10')).toEqual([-13, -12, -11]);
    expect(await payees('?category=food')).toEqual([-14, -12, -11, -10]);
    expect(await payees('?q=WHOLE')).toEqual([-14, -13, -12, -11, -10, -15]);
    expect(await payees('?q=whole&category=FOOD&from=2026-11-05&to=2026-11-14')).toEqual([-12, -11]);
    // Short searches work too (the trigram index is not used for them).
    expect(await payees('?q=jo')).toEqual([-11]);
    expect(await payees('?q=%20%20')).toEqual([-14, -13, -12, -11, -10, -15]);
    const pages = await api.allPages(token, 'q=whole&category=Food', 1);
    expect(pages.flat()).toHaveLength(4);
  });

  it('% and _ in a search match only themselves', async () => {
    const { token } = await api.activeUser();
    for (const payee of ['50% off sale', '5000 off sale', 'a_b shop', 'axb shop', 'back\\slash']) {
      await api.ok(api.add(token, spend(-1, payee)));
    }
    const found = async (q: string) =>
      (await api.list(token, `?q=${encodeURIComponent(q)}`)).json().data.map((x: { payee: string }) => x.payee);
    expect(await found('50%')).toEqual(['50% off sale']);
    expect(await found('0% off')).toEqual(['50% off sale']);
    expect(await found('a_b')).toEqual(['a_b shop']);
    expect(await found('_')).toEqual(['a_b shop']);
    expect(await found('%')).toEqual(['50% off sale']);
    expect(await found('k\\s')).toEqual(['back\\slash']);
  });

  it("shows only the user's own transactions", async () => {
    const a = await api.activeUser();
    const b = await api.activeUser();
    await api.ok(api.add(a.token, spend(-1, 'A only')));
    await api.ok(api.add(b.token, spend(-2, 'B only')));
    const seen = (await api.list(b.token, '?q=only')).json().data.map((x: { payee: string }) => x.payee);
    expect(seen).toEqual(['B only']);
  });
});

describe('editing and deleting', () => {
  it('a save from the version read bumps it; a stale one is a 409 and keeps the newer one', async () => {
    const { token } = await api.activeUser();
    await api.budget(token);
    const tx = await api.ok(api.add(token, spend(-20, 'Diner')));
    const saved = await api.save(token, tx.id, {
      ...spend(-25.5, 'Diner downtown', { category: 'dining OUT', note: 'tip included' }),
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Transaction saved');
    expect(saved.json().data).toMatchObject({
      id: tx.id,
      payee: 'Diner downtown',
      amount: -25.5,
      category: 'Dining Out',
      note: 'tip included',
      version: 2,
      created_at: tx.created_at,
    });
    const stale = await api.save(token, tx.id, { ...spend(-1, 'Stale'), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed in another tab/);
    // A bad field is named before the stale version: a reload would not fix it.
    const both = await api.save(token, tx.id, { ...spend(-1, 'Stale', { category: 'Movies' }), version: 1 });
    expect(both.statusCode).toBe(400);
    expect(errorPaths(both)).toEqual(['category']);
    expect((await api.list(token)).json().data).toEqual([saved.json().data]);
  });

  it('two saves at once from one version: one is saved, the other is a 409 (run on PostgreSQL too)', async () => {
    const { token } = await api.activeUser();
    const tx = await api.ok(api.add(token, spend(-20, 'Diner')));
    const answers = await Promise.all(
      [-21, -22].map((amount) => api.save(token, tx.id, { ...spend(amount, 'Diner'), version: 1 })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const saved = answers.find((r) => r.statusCode === 200)?.json().data;
    expect((await api.list(token)).json().data).toEqual([saved]);
    expect(saved.version).toBe(2);
  });

  it("moving a transaction into a month checks that month's budget", async () => {
    const { token } = await api.activeUser();
    await api.budget(token);
    const tx = await api.ok(api.add(token, spend(-20, 'Rent', { category: 'Housing' })));
    const res = await api.save(token, tx.id, {
      ...spend(-20, 'Rent', { category: 'Housing', date: '2026-10-30' }),
      version: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res)).toEqual(['category']);
  });

  it("another user's id, a deleted one and a malformed one are each a 404, and change nothing", async () => {
    const a = await api.activeUser();
    const b = await api.activeUser();
    const aTx = await api.ok(api.add(a.token, spend(-20, 'A lunch')));
    const bTx = await api.ok(api.add(b.token, spend(-30, 'B lunch')));
    const put = await api.save(b.token, aTx.id, { ...spend(-1, 'Taken'), version: 1 });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Transaction not found');
    expect((await api.remove(b.token, aTx.id)).statusCode).toBe(404);
    expect((await api.list(a.token)).json().data).toEqual([aTx]);

    const removed = await api.remove(b.token, bTx.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Transaction deleted', data: null });
    expect((await api.remove(b.token, bTx.id)).statusCode).toBe(404);
    expect((await api.save(b.token, bTx.id, { ...spend(-1, 'Gone'), version: 1 })).statusCode).toBe(404);
    expect((await api.remove(b.token, 'not-an-id')).statusCode).toBe(404);
    expect((await api.list(b.token)).json().data).toEqual([]);
  });
});

describe('the month summary', () => {
  it('a worked November: the Nest put $2,000 in the Wallet, then spending, refunds, a salary and a dropped category', async () => {
    const { token } = await api.activeUser();
    const budget = await api.budget(token);
    // No rules: the whole deposit goes to the Wallet.
    await api.deposit(token, 2000, '2026-11-01');
    const add = (amount: number, payee: string, category?: string, date = '2026-11-10') =>
      api.ok(api.add(token, { date, payee, amount, ...(category ? { category } : {}) }));
    await add(-1500, 'Landlord', 'Housing');
    await add(-120.5, 'Grocer', 'Food');
    await add(20.25, 'Grocer refund', 'food');
    await add(-60, 'Market', 'FOOD');
    await add(-45, 'Bistro', 'Dining Out');
    await add(-4.75, 'Coffee');
    await add(3000, 'Employer salary');
    await add(-100, 'October bill', undefined, '2026-10-15');
    // The budget drops 'Dining Out' after the Bistro was filed under it: it still shows, unplanned.
    const kept = budget.categories.slice(0, 2).map((c: object) => c);
    await api.ok(
      api.call(token, 'PUT', `${BUDGETS}/${budget.id}`, {
        net_income: 4000,
        categories: kept,
        version: budget.version,
      }),
    );

    const res = await api.summary(token);
    expect(res.statusCode).toBe(200);
    // Balance: 2,000 − 1,500 − 120.50 + 20.25 − 60 − 45 − 4.75 + 3,000 − 100 (October counts too) = 3,190.
    // Food: 120.50 + 60 out, 20.25 in → 160.25. Uncategorized: 4.75 out; the 3,000 in is income.
    expect(res.json().data).toEqual({
      month: '2026-11',
      balance: 3190,
      has_budget: true,
      categories: [
        { name: 'Housing', planned: 1500, spent: 1500 },
        { name: 'Food', planned: 400.5, spent: 160.25 },
        { name: 'Uncategorized', planned: null, spent: 4.75 },
        { name: 'Dining Out', planned: null, spent: 45 },
      ],
      total_planned: 1900.5,
      total_spent: 1710,
      income: 3000,
    });

    const october = (await api.summary(token, '?month=2026-10')).json().data;
    expect(october).toEqual({
      month: '2026-10',
      balance: 3190,
      has_budget: false,
      categories: [{ name: 'Uncategorized', planned: null, spent: 100 }],
      total_planned: 0,
      total_spent: 100,
      income: 0,
    });
  });

  it('a month is YYYY-MM, named when it is not', async () => {
    const { token } = await api.activeUser();
    for (const month of ['2026-13', '2026-1', 'november', '1899-12']) {
      const res = await api.summary(token, `?month=${month}`);
      expect(res.statusCode).toBe(400);
      expect(new Set(errorPaths(res))).toEqual(new Set(['month']));
    }
  });

  it("is the user's own: another user's Wallet adds nothing", async () => {
    const a = await api.activeUser();
    const b = await api.activeUser();
    await api.deposit(a.token, 500);
    await api.ok(api.add(a.token, spend(-50, 'A spends')));
    await api.ok(api.add(b.token, spend(-7, 'B spends')));
    expect((await api.summary(b.token)).json().data).toMatchObject({ balance: -7, total_spent: 7 });
  });
});
