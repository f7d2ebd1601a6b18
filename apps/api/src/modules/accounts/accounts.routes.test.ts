import { MAX_ACCOUNTS } from '@helo/contract/accounts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { ACCOUNTS, errorPaths, spend, walletRequests } from '../wallet/testing.ts';

const t = useTestApp();
const api = walletRequests(t);

const checking = {
  kind: 'checking',
  name: 'Chase Checking',
  institution: 'Chase',
  last_four: '4242',
  opening_balance: 1500.25,
  opening_date: '2026-11-01',
};
const card = { kind: 'credit_card', name: 'Visa', opening_balance: 500, opening_date: '2026-11-01' };

const add = async (token: string, body: Record<string, unknown>) => api.ok(api.addAccount(token, body));
const save = (token: string, id: string, body: Record<string, unknown>) =>
  api.call(token, 'PUT', `${ACCOUNTS}/${id}`, body);
const remove = (token: string, id: string, moveTo?: string) =>
  api.call(token, 'DELETE', `${ACCOUNTS}/${id}${moveTo === undefined ? '' : `?move_to=${moveTo}`}`);
const balances = async (token: string) =>
  Object.fromEntries((await api.accounts(token)).map((a) => [a.name, (a as unknown as { balance: number }).balance]));

describe('the accounts of a user', () => {
  it('come with the Money Nest: none before (adding is a 409), the Wallet after', async () => {
    const { token } = await api.newUser();
    expect((await api.call(token, 'GET', ACCOUNTS)).json()).toEqual({ data: [] });
    const early = await api.addAccount(token, checking);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Activate the Money Nest first');
    await api.ok(api.call(token, 'POST', '/api/v1/nest/activate'));
    const res = await api.call(token, 'GET', ACCOUNTS);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual([
      {
        id: expect.any(String),
        kind: 'checking',
        name: 'Wallet',
        institution: null,
        last_four: null,
        balance: 0,
        opening_balance: 0,
        opening_date: null,
        is_wallet: true,
        version: 1,
        created_at: '2026-11-21T12:00:00.000Z',
      },
    ]);
    // Activating again makes no second Wallet.
    await api.ok(api.call(token, 'POST', '/api/v1/nest/activate'));
    expect(await api.accounts(token)).toHaveLength(1);
    expect((await t().app.inject({ method: 'GET', url: ACCOUNTS })).statusCode).toBe(401);
  });

  it('an opening balance is posted on its date; a card opened owing $500 adds -$500; the Wallet holds the Nest’s share', async () => {
    const { token, userId } = await api.activeUser();
    const made = await api.addAccount(token, checking);
    expect(made.statusCode).toBe(201);
    expect(made.json().message).toBe('Account added');
    expect(made.json().data).toMatchObject({
      kind: 'checking',
      name: 'Chase Checking',
      institution: 'Chase',
      last_four: '4242',
      balance: 1500.25,
      opening_balance: 1500.25,
      opening_date: '2026-11-01',
      is_wallet: false,
    });
    expect(await add(token, card)).toMatchObject({ balance: -500, opening_balance: 500 });
    expect(await add(token, { kind: 'cash', name: 'Cash', institution: '', last_four: '' })).toMatchObject({
      balance: 0,
      opening_balance: 0,
      opening_date: null,
      institution: null,
      last_four: null,
    });
    // The Nest's Wallet share is in the Wallet's balance until the Nest posts to the ledger.
    await api.deposit(token, 2000, '2026-11-02');
    await api.ok(api.add(token, spend(-50, 'Groceries')));
    expect(await balances(token)).toEqual({ Wallet: 1950, 'Chase Checking': 1500.25, Visa: -500, Cash: 0 });
    expect((await api.summary(token)).json().data.balance).toBe(1950);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('names every bad field at once, in words', async () => {
    const { token } = await api.activeUser();
    await add(token, checking);
    const bad = await api.addAccount(token, {
      kind: 'brokerage',
      name: 'Line\nbreak',
      institution: 'x'.repeat(61),
      last_four: '12a4',
      opening_balance: 1.005,
      opening_date: '2026-13-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(new Set(errorPaths(bad))).toEqual(
      new Set(['kind', 'name', 'institution', 'last_four', 'opening_balance', 'opening_date']),
    );
    const taken = await api.addAccount(token, { kind: 'savings', name: 'chase CHECKING', opening_date: '2026-11-23' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([
      { path: 'name', message: 'You have an account called Chase Checking already' },
      { path: 'opening_date', message: 'Opening date must be today or earlier' },
    ]);
    const nul = await api.addAccount(token, { kind: 'cash', name: 'Jar\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(errorPaths(nul)).toEqual(['name']);
    expect((await api.addAccount(token, { kind: 'cash', name: 'x'.repeat(61) })).statusCode).toBe(400);
    expect(await api.accounts(token)).toHaveLength(2);
  });

  it(`keeps at most ${MAX_ACCOUNTS} open accounts`, async () => {
    const { token } = await api.activeUser();
    for (let i = 1; i < MAX_ACCOUNTS; i++) await add(token, { kind: 'cash', name: `Jar ${i}` });
    const refused = await api.addAccount(token, { kind: 'cash', name: 'One more' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `You can keep at most ${MAX_ACCOUNTS} accounts. Delete one you no longer use first.`,
    );
  });
});

describe('saving an account', () => {
  it('renames it and corrects its opening balance from the version read; a stale save is a 409', async () => {
    const { token, userId } = await api.activeUser();
    const made = await add(token, checking);
    await api.ok(api.add(token, spend(-20, 'Coffee', { account_id: made.id })));
    const res = await save(token, made.id, {
      ...checking,
      name: 'Everyday',
      last_four: null,
      opening_balance: 1000,
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Account saved');
    expect(res.json().data).toMatchObject({
      name: 'Everyday',
      last_four: null,
      balance: 980,
      opening_balance: 1000,
      opening_date: '2026-11-01',
      version: 2,
    });
    const stale = await save(token, made.id, { ...checking, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed in another tab/);
    // No opening balance any more: it is reversed; the transactions stay.
    const none = await api.ok(save(token, made.id, { ...checking, opening_balance: 0, version: 2 }));
    expect(none).toMatchObject({ balance: -20, opening_balance: 0, opening_date: null, version: 3 });
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('its kind cannot change; the Wallet can be renamed; a bad field is named before a stale version', async () => {
    const { token } = await api.activeUser();
    const [wallet] = await api.accounts(token);
    const kind = await save(token, wallet?.id ?? '', { kind: 'savings', name: 'Wallet', version: 99 });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors).toEqual([
      { path: 'kind', message: "An account's kind cannot change: add a new account and move the transactions to it" },
    ]);
    const renamed = await api.ok(save(token, wallet?.id ?? '', { kind: 'checking', name: 'Spending', version: 1 }));
    expect(renamed).toMatchObject({ name: 'Spending', is_wallet: true });
  });

  it("another user's account, a deleted one and a malformed id are each a 404, and change nothing", async () => {
    const a = await api.activeUser();
    const b = await api.activeUser();
    const mine = await add(a.token, checking);
    const put = await save(b.token, mine.id, { ...checking, name: 'Taken', version: 1 });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Account not found');
    expect((await remove(b.token, mine.id)).statusCode).toBe(404);
    expect((await save(b.token, 'not-an-id', { ...checking, version: 1 })).statusCode).toBe(404);
    expect((await api.accounts(a.token)).map((x) => x.name)).toEqual(['Wallet', 'Chase Checking']);
    // Their account is no place for my transactions, nor a filter of my list.
    const into = await api.add(b.token, spend(-5, 'Stolen', { account_id: mine.id }));
    expect(into.statusCode).toBe(400);
    expect(into.json().errors).toEqual([{ path: 'account_id', message: 'Choose one of your accounts' }]);
    const filter = await api.list(b.token, `?account_id=${mine.id}`);
    expect(filter.statusCode).toBe(400);
    expect(errorPaths(filter)).toEqual(['account_id']);
    expect((await balances(a.token))['Chase Checking']).toBe(1500.25);
  });
});

describe('deleting an account', () => {
  it('an account never used goes; one with only an opening balance is closed (its history stays, hidden)', async () => {
    const { token, userId } = await api.activeUser();
    const unused = await add(token, { kind: 'cash', name: 'Jar' });
    const opened = await add(token, checking);
    const res = await remove(token, unused.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Account deleted', data: null });
    expect((await remove(token, opened.id)).statusCode).toBe(200);
    expect((await api.accounts(token)).map((a) => a.name)).toEqual(['Wallet']);
    expect((await remove(token, opened.id)).statusCode).toBe(404);
    expect((await save(token, opened.id, { ...checking, version: 2 })).statusCode).toBe(404);
    // Its name is free again.
    expect(await add(token, checking)).toMatchObject({ balance: 1500.25 });
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('one with transactions needs an account to move them to; they move with their ids, and the balances follow', async () => {
    const { token, userId } = await api.activeUser();
    await api.budget(token);
    const from = await add(token, checking);
    const to = await add(token, { kind: 'savings', name: 'Savings' });
    const food = await api.ok(api.add(token, spend(-40, 'Market', { account_id: from.id, category: 'Food' })));
    const pay = await api.ok(api.add(token, spend(900, 'Salary', { account_id: from.id })));
    const refused = await remove(token, from.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Chase Checking has 2 transactions: choose an account to move them to first.',
      errors: [
        { path: 'move_to', message: 'Chase Checking has 2 transactions: choose an account to move them to first.' },
      ],
    });
    for (const bad of [from.id, 'nope', crypto.randomUUID()]) {
      const res = await remove(token, from.id, bad);
      expect(res.statusCode).toBe(400);
      expect(errorPaths(res)).toEqual(['move_to']);
    }
    const summaryBefore = (await api.summary(token)).json().data;
    expect((await remove(token, from.id, to.id)).statusCode).toBe(200);
    expect(await balances(token)).toEqual({ Wallet: 0, Savings: 860 });
    const moved = (await api.list(token, `?account_id=${to.id}`)).json().data;
    const seen = moved.map((x: { id: string; version: number; account_id: string }) => [x.id, x.version, x.account_id]);
    expect(seen.sort()).toEqual(
      [
        [pay.id, 2, to.id],
        [food.id, 2, to.id],
      ].sort(),
    );
    expect((await api.list(token, `?account_id=${from.id}`)).statusCode).toBe(400);
    // Spending is the same, wherever it was paid from.
    expect((await api.summary(token)).json().data).toEqual(summaryBefore);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('the Wallet stays (409), and another user’s account is no place to move to', async () => {
    const a = await api.activeUser();
    const b = await api.activeUser();
    const [wallet] = await api.accounts(a.token);
    const res = await remove(a.token, wallet?.id ?? '');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The Wallet stays: the Money Nest puts its Wallet share there. Rename it if you like.',
    );
    const mine = await add(a.token, checking);
    await api.ok(api.add(a.token, spend(-1, 'Gum', { account_id: mine.id })));
    const [theirs] = await api.accounts(b.token);
    const move = await remove(a.token, mine.id, theirs?.id);
    expect(move.statusCode).toBe(400);
    expect(errorPaths(move)).toEqual(['move_to']);
    expect((await balances(b.token)).Wallet).toBe(0);
  });
});
