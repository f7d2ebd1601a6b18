import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../../ledger/testing.ts';
import { car, BASE as LOANS } from '../../user-debts/testing.ts';
import { importRequests } from '../import/import-requests.test-helpers.ts';
import { BASE, errorPaths, spend, TODAY, walletRequests } from '../wallet-requests.test-helpers.ts';

/** Bulk edit in My Wallet and its one undo (issue 29 item 6; decisions.md "Bulk edit and one undo"). */

const t = useTestApp();
const api = walletRequests(t);
const imports = importRequests(t);

interface Row {
  id: string;
  tags: string[];
  splits: { category: string; amount: number }[] | null;
  account_id: string;
  payee: string;
  amount: number;
  category: string;
  kind: string;
  version: number;
  note: string | null;
  date: string;
}

const bulk = (token: string, ids: unknown, action: unknown) =>
  api.call(token, 'POST', `${BASE}/transactions/bulk`, { ids, action });
const undo = (token: string, editId: string) => api.call(token, 'POST', `${BASE}/edits/${editId}/undo`);
const list = async (token: string) => (await api.ok(api.list(token, '?limit=100'))) as Row[];
const byPayee = async (token: string) => new Map((await list(token)).map((r) => [r.payee, r]));
const spent = async (token: string) =>
  Object.fromEntries(
    ((await api.ok(api.summary(token))).categories as { name: string; spent: number }[]).map((c) => [c.name, c.spent]),
  );

/** A Nest user with November's budget and four purchases (one filed under Food already). */
async function shopper() {
  const user = await api.activeUser();
  await api.budget(user.token);
  const add = async (amount: number, payee: string, extra = {}) =>
    (await api.ok(api.add(user.token, spend(amount, payee, extra)))) as Row;
  const rows = [
    await add(-42.1, "Trader Joe's"),
    await add(-12.5, 'Corner Deli'),
    await add(-8, 'Bakery', { category: 'Food' }),
    await add(-60, 'Diner', { category: 'Dining Out', note: 'birthday' }),
  ];
  return { ...user, rows, ids: rows.map((r) => r.id) };
}

describe('bulk edit', () => {
  it('sets the category of many in one change, counts those already so, and one undo puts each back', async () => {
    const user = await shopper();
    const before = await list(user.token);
    const res = await bulk(user.token, user.ids, { type: 'set_category', category: 'food' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Changed 3 transactions',
      data: { changed: 3, unchanged: 1, skipped: 0 },
    });
    const after = await byPayee(user.token);
    // Filed as the budget spells it; ids stay, the rest of each row too.
    for (const r of before) {
      expect(after.get(r.payee)).toMatchObject({ id: r.id, category: 'Food', amount: r.amount, note: r.note });
    }
    expect(await spent(user.token)).toMatchObject({ Food: 122.6, 'Dining Out': 0, Uncategorized: 0 });

    const undone = await undo(user.token, res.json().data.edit_id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data).toEqual({ restored: 3, skipped: 0 });
    const back = await byPayee(user.token);
    for (const r of before) expect(back.get(r.payee)).toMatchObject({ id: r.id, category: r.category, note: r.note });
    expect(await spent(user.token)).toMatchObject({ Food: 8, 'Dining Out': 60, Uncategorized: 54.6 });
    // The list's order is the order they were entered, as before.
    expect((await list(user.token)).map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect((await undo(user.token, res.json().data.edit_id)).statusCode).toBe(409);
    expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
  });

  it('moves many to another account and deletes many, each undone', async () => {
    const user = await shopper();
    const savings = await api.ok(
      api.addAccount(user.token, {
        kind: 'savings',
        name: 'Savings',
        opening_balance: 500,
        opening_date: '2026-11-01',
      }),
    );
    const balances = async () =>
      Object.fromEntries(
        (await api.accounts(user.token)).map((a) => [a.name, (a as unknown as { balance: number }).balance]),
      );
    const start = await balances();
    const wallet = start.Wallet ?? 0;
    const moved = await bulk(user.token, user.ids.slice(0, 2), { type: 'set_account', account_id: savings.id });
    expect(moved.json().data).toMatchObject({ changed: 2, unchanged: 0, skipped: 0 });
    expect(await balances()).toEqual({ Wallet: wallet + 54.6, Savings: 500 - 54.6 });
    const rows = await byPayee(user.token);
    expect(rows.get("Trader Joe's")).toMatchObject({ account_id: savings.id, category: 'Uncategorized' });
    expect((await undo(user.token, moved.json().data.edit_id)).json().data).toEqual({ restored: 2, skipped: 0 });
    expect(await balances()).toEqual(start);

    const deleted = await bulk(user.token, user.ids, { type: 'delete' });
    expect(deleted.json()).toMatchObject({ message: 'Changed 4 transactions', data: { changed: 4, skipped: 0 } });
    expect(await list(user.token)).toEqual([]);
    expect((await api.ok(api.summary(user.token))).total_spent).toBe(0);
    expect((await undo(user.token, deleted.json().data.edit_id)).json().data).toEqual({ restored: 4, skipped: 0 });
    const back = await byPayee(user.token);
    expect([...back.values()].map((r) => r.id).sort()).toEqual([...user.ids].sort());
    expect(back.get('Diner')).toMatchObject({ category: 'Dining Out', note: 'birthday', amount: -60 });
    expect(await balances()).toEqual(start);
    expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
  });

  it('skips what cannot take the action: a loan payment, a row linked to a Nest deposit, a transfer given a category', async () => {
    const user = await shopper();
    const savings = await api.ok(
      api.addAccount(user.token, {
        kind: 'savings',
        name: 'Savings',
        opening_balance: 900,
        opening_date: '2026-11-01',
      }),
    );
    const [loan] = (await api.ok(api.call(user.token, 'PUT', LOANS, { debts: [car] }))) as { id: string }[];
    await api.ok(
      api.call(user.token, 'POST', `${LOANS}/${loan?.id}/payments`, {
        amount: 300,
        date: TODAY,
        account_id: savings.id,
      }),
    );
    await api.deposit(user.token, 2500, '2026-11-18');
    const up = await imports.upload(user.token, 'bank.csv', 'Date,Payee,Amount\n11/20/2026,ACME PAYROLL,2500.00\n');
    expect((await imports.commit(user.token, up.json().data.id)).statusCode).toBe(200);
    const [wallet] = await api.accounts(user.token);
    const transfer = await api.ok(
      api.call(user.token, 'POST', `${BASE}/transfers`, {
        from_account_id: savings.id,
        to_account_id: wallet?.id,
        amount: 100,
        date: TODAY,
      }),
    );
    const rows = await list(user.token);
    const kinds = new Map(rows.map((r) => [r.kind, r.id]));
    expect([...kinds.keys()].sort()).toEqual(['loan_payment', 'nest_deposit', 'transaction', 'transfer']);
    const ids = rows.map((r) => r.id);

    const filed = await bulk(user.token, ids, { type: 'set_category', category: 'Housing' });
    expect(filed.json().data).toMatchObject({ changed: 4, unchanged: 0, skipped: 3 });
    const moved = await bulk(user.token, ids, { type: 'set_account', account_id: savings.id });
    expect(moved.json().data).toMatchObject({ changed: 4, skipped: 3 });
    // A transfer can be deleted (both accounts get their money back); the other two stay.
    const deleted = await bulk(user.token, ids, { type: 'delete' });
    expect(deleted.json().data).toMatchObject({ changed: 5, skipped: 2 });
    expect((await list(user.token)).map((r) => r.kind).sort()).toEqual(['loan_payment', 'nest_deposit']);
    expect(transfer.id).toBe(kinds.get('transfer'));
    expect((await undo(user.token, deleted.json().data.edit_id)).json().data).toEqual({ restored: 5, skipped: 0 });
    expect(await list(user.token)).toHaveLength(7);
    expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
  });

  it('a month whose budget lacks the category is skipped; a category no month has is a 400 at action.category', async () => {
    const user = await shopper();
    const october = (await api.ok(api.add(user.token, spend(-5, 'October snack', { date: '2026-10-20' })))) as Row;
    const res = await bulk(user.token, [...user.ids, october.id], { type: 'set_category', category: 'Housing' });
    expect(res.json().data).toMatchObject({ changed: 4, skipped: 1 });
    const refused = await bulk(user.token, [october.id], { type: 'set_category', category: 'Housing' });
    expect(refused.statusCode).toBe(400);
    expect(errorPaths(refused)).toEqual(['action.category']);
    expect(refused.json().message).toContain('October 2026');
    const unknown = await bulk(user.token, user.ids, { type: 'set_category', category: 'Yachts' });
    expect(errorPaths(unknown)).toEqual(['action.category']);
    // Uncategorized is every month's.
    const plain = await bulk(user.token, [october.id, ...user.ids], {
      type: 'set_category',
      category: 'uncategorized',
    });
    expect(plain.json().data).toMatchObject({ changed: 4, unchanged: 1, skipped: 0 });
  });

  it('undo leaves a transaction changed or deleted since as it is now, and says how many', async () => {
    const user = await shopper();
    const res = await bulk(user.token, user.ids, { type: 'set_category', category: 'Housing' });
    const [first, second] = (await list(user.token)).filter((r) => r.id === user.ids[0] || r.id === user.ids[1]);
    if (!first || !second) throw new Error('rows missing');
    // Edited by hand after the bulk edit: its edit stays.
    await api.ok(
      api.save(user.token, first.id, {
        ...spend(first.amount, 'Renamed', { category: 'Food' }),
        version: first.version,
      }),
    );
    await api.ok(api.remove(user.token, second.id));
    const undone = await undo(user.token, res.json().data.edit_id);
    expect(undone.json()).toMatchObject({ data: { restored: 2, skipped: 2 } });
    const rows = await byPayee(user.token);
    expect(rows.get('Renamed')).toMatchObject({ id: first.id, category: 'Food' });
    expect([...rows.values()].some((r) => r.id === second.id)).toBe(false);
    expect(rows.get('Bakery')?.category).toBe('Food');
    expect(rows.get('Diner')?.category).toBe('Dining Out');

    // A later bulk edit of one of them: undoing the earlier one leaves that one as the later left it.
    const one = await bulk(user.token, user.ids.slice(2), { type: 'set_category', category: 'Housing' });
    await bulk(user.token, [user.ids[3]], { type: 'set_category', category: 'Food' });
    expect((await undo(user.token, one.json().data.edit_id)).json().data).toEqual({ restored: 1, skipped: 1 });
    expect((await byPayee(user.token)).get('Diner')?.category).toBe('Food');
    expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
  });

  it('adds a tag to many and takes one off many (any case), each undone; a tag changed since stays', async () => {
    const user = await shopper();
    const tagged = (await api.ok(api.add(user.token, spend(-3, 'Kiosk', { tags: ['Trip'] })))) as Row;
    const ids = [...user.ids.slice(0, 2), tagged.id];
    const added = await bulk(user.token, ids, { type: 'add_tag', tag: 'trip' });
    expect(added.json().data).toMatchObject({ changed: 2, unchanged: 1, skipped: 0 });
    let rows = await byPayee(user.token);
    // Spelled as the user first spelled it.
    expect([rows.get("Trader Joe's")?.tags, rows.get('Corner Deli')?.tags, rows.get('Kiosk')?.tags]).toEqual([
      ['Trip'],
      ['Trip'],
      ['Trip'],
    ]);
    const removed = await bulk(user.token, [...ids, user.ids[2]], { type: 'remove_tag', tag: 'TRIP' });
    expect(removed.json().data).toMatchObject({ changed: 3, unchanged: 1 });
    expect([...(await byPayee(user.token)).values()].every((r) => r.tags.length === 0)).toBe(true);
    // The Kiosk's tag put back by hand since: that one stays as it is; the other two come back.
    const kiosk = (await byPayee(user.token)).get('Kiosk');
    await api.ok(
      api.save(user.token, tagged.id, { ...spend(-3, 'Kiosk', { tags: ['Trip'] }), version: kiosk?.version }),
    );
    expect((await undo(user.token, removed.json().data.edit_id)).json().data).toEqual({ restored: 2, skipped: 1 });
    rows = await byPayee(user.token);
    expect(rows.get("Trader Joe's")?.tags).toEqual(['Trip']);
    // The first change undone: the tag it added comes off the two, the Kiosk's own stays.
    expect((await undo(user.token, added.json().data.edit_id)).json().data).toEqual({ restored: 2, skipped: 0 });
    rows = await byPayee(user.token);
    expect([rows.get("Trader Joe's")?.tags, rows.get('Kiosk')?.tags]).toEqual([[], ['Trip']]);
    const bad = await bulk(user.token, ids, { type: 'add_tag', tag: 'a,b' });
    expect(errorPaths(bad)).toEqual(['action.tag']);
  });

  it('a split transaction filed under one category is no longer split; the undo splits it again', async () => {
    const user = await shopper();
    const split = (await api.ok(
      api.add(
        user.token,
        spend(-50, 'Market', {
          splits: [
            { category: 'Food', amount: -30 },
            { category: 'Housing', amount: -20 },
          ],
        }),
      ),
    )) as Row;
    const res = await bulk(user.token, [split.id], { type: 'set_category', category: 'Dining Out' });
    expect(res.json().data).toMatchObject({ changed: 1 });
    expect((await byPayee(user.token)).get('Market')).toMatchObject({
      category: 'Dining Out',
      splits: null,
      amount: -50,
    });
    await undo(user.token, res.json().data.edit_id);
    expect((await byPayee(user.token)).get('Market')?.splits).toEqual(split.splits);
    expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
  });

  it("another user's transaction or change is a 404 naming nothing, and nothing changes", async () => {
    const a = await shopper();
    const b = await shopper();
    const mixed = await bulk(a.token, [...a.ids, b.ids[0]], { type: 'delete' });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ message: 'Transaction not found' });
    expect(await list(a.token)).toHaveLength(4);
    expect(await list(b.token)).toHaveLength(4);
    expect((await bulk(a.token, ['not-an-id'], { type: 'delete' })).statusCode).toBe(404);

    const edit = (await bulk(b.token, b.ids, { type: 'delete' })).json().data.edit_id;
    const stolen = await undo(a.token, edit);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: 'This change was not found' });
    expect(await list(b.token)).toEqual([]);
    expect((await undo(a.token, 'nope')).statusCode).toBe(404);
  });

  it('a 400 names the field: ids, action.type, action.category, action.account_id', async () => {
    const user = await shopper();
    const paths = async (ids: unknown, action: unknown) => {
      const res = await bulk(user.token, ids, action);
      expect(res.statusCode, res.body).toBe(400);
      return errorPaths(res);
    };
    expect(await paths([], { type: 'delete' })).toEqual(['ids']);
    expect(await paths([user.ids[0], user.ids[0]], { type: 'delete' })).toEqual(['ids']);
    expect(
      await paths(
        Array.from({ length: 501 }, (_, i) => `id-${i}`),
        { type: 'delete' },
      ),
    ).toEqual(['ids']);
    expect(await paths(['a\u0000b'], { type: 'delete' })).toEqual(['ids.0']);
    expect(await paths(user.ids, { type: 'paint' })).toEqual(['action.type']);
    expect(await paths(user.ids, { type: 'set_category' })).toEqual(['action.category']);
    expect(await paths(user.ids, { type: 'set_category', category: ' ' })).toEqual(['action.category']);
    expect(await paths(user.ids, { type: 'set_category', category: 'x'.repeat(61) })).toEqual(['action.category']);
    const other = await shopper();
    const [theirs] = await api.accounts(other.token);
    expect(await paths(user.ids, { type: 'set_account', account_id: theirs?.id })).toEqual(['action.account_id']);
    expect(await list(user.token)).toEqual(expect.arrayContaining([expect.objectContaining({ category: 'Food' })]));
  });

  it('two bulk edits of the same rows at once run one after the other; the earlier one then undoes nothing', async () => {
    const user = await shopper();
    const [food, housing] = await Promise.all([
      bulk(user.token, user.ids, { type: 'set_category', category: 'Food' }),
      bulk(user.token, [...user.ids].reverse(), { type: 'set_category', category: 'Housing' }),
    ]);
    expect([food.statusCode, housing.statusCode]).toEqual([200, 200]);
    const categories = new Set((await list(user.token)).map((r) => r.category));
    expect(categories.size).toBe(1);
    // Whichever ran first was overwritten whole by the other: its undo leaves every row as it is.
    const [first, second] = [...categories][0] === 'Food' ? [housing, food] : [food, housing];
    expect((await undo(user.token, first.json().data.edit_id)).json().data).toMatchObject({ restored: 0 });
    expect((await undo(user.token, second.json().data.edit_id)).json().data).toEqual({ restored: 4, skipped: 0 });
    expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
  });

  it('500 imported rows filed at once, in one go, and undone at once', async () => {
    const user = await api.activeUser();
    await api.budget(user.token);
    const lines = Array.from(
      { length: 500 },
      (_, i) => `11/${String(1 + (i % 20)).padStart(2, '0')}/2026,Shop ${i},-${1 + i}.25`,
    );
    const up = await imports.upload(user.token, 'big.csv', `Date,Payee,Amount\n${lines.join('\n')}\n`);
    expect(up.statusCode, up.body).toBe(201);
    expect((await imports.commit(user.token, up.json().data.id)).statusCode).toBe(200);
    const ids = (await api.allPages(user.token, '', 100)).flat().map((r) => r.id);
    expect(ids).toHaveLength(500);
    const res = await bulk(user.token, ids, { type: 'set_category', category: 'Food' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ changed: 500, unchanged: 0, skipped: 0 });
    const totalCents = 500 * 25 + (500 * 501 * 100) / 2;
    expect((await spent(user.token)).Food).toBe(totalCents / 100);
    expect((await undo(user.token, res.json().data.edit_id)).json().data).toEqual({ restored: 500, skipped: 0 });
    expect((await spent(user.token)).Food).toBe(0);
    expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
  }, 120_000);
});
