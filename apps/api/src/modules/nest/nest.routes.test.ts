import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { BASE, balances, income, nestRequests, TODAY } from './nest-requests.test-helpers.ts';

const t = useTestApp();
const api = nestRequests(t);

describe('activation', () => {
  it('before it the Nest answers active: false; activating twice is a 201 then a 200 with the same Nest', async () => {
    const { token } = await api.newUser();
    const before = await api.get(token);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({
      active: false,
      activated_at: null,
      rules: [],
      buckets: [],
      deposits: [],
    });

    const first = await api.activate(token);
    expect(first.statusCode).toBe(201);
    const nest = first.json().data;
    expect(nest).toMatchObject({ active: true, rules_version: 1, rules: [], deposits: [] });
    expect(nest.activated_at).toBe('2026-11-21T12:00:00.000Z');
    expect(nest.buckets).toEqual([
      { bucket: 'wallet', target_id: null, name: 'Wallet', balance: 0 },
      { bucket: 'loans', target_id: null, name: 'Loan payments', balance: 0 },
    ]);

    t().clock.advance(60_000);
    const again = await api.activate(token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(nest);
    expect((await api.get(token)).json().data).toEqual(nest);
  });

  it('rules and deposits before activation are a 409 that says to activate, and write nothing', async () => {
    const { token } = await api.newUser();
    const rules = await api.saveRules(token, [{ bucket: 'wallet', kind: 'fixed', value: 10 }], 1);
    expect(rules.statusCode).toBe(409);
    expect(rules.json().message).toBe('Activate the Money Nest first');
    const deposit = await api.deposit(token, income(100));
    expect(deposit.statusCode).toBe(409);
    expect(deposit.json().message).toBe('Activate the Money Nest first');
    expect((await api.get(token)).json().data.active).toBe(false);
    expect((await api.entries(token)).json()).toEqual({ data: [], next_cursor: null });
  });

  it('answers user data with Cache-Control: no-store, and 401 without a session', async () => {
    const { token } = await api.userWithTargets();
    for (const res of [await api.get(token), await api.entries(token), await api.deposit(token, income(5))]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const anonymous = await t().app.inject({ method: 'GET', url: BASE });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the issue's worked split", () => {
  it('$2,500 with 20 % to the fund and $300 fixed to a goal: goal $300, fund $440, Wallet $1,760, in their ledgers too', async () => {
    const user = await api.userWithIssueRules();
    expect(user.nest.rules).toMatchObject([
      { bucket: 'emergency_fund', target_id: null, target_name: null, kind: 'percent', value: 20 },
      { bucket: 'goal', target_id: user.goalId, target_name: 'Japan trip', kind: 'fixed', value: 300 },
    ]);
    expect(user.nest.rules_version).toBe(2);

    const res = await api.deposit(user.token, income(2500, 'November salary'));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Income recorded');
    const { deposit, nest } = res.json().data;
    expect(deposit).toMatchObject({ amount: 2500, date: TODAY, source: 'November salary', reversed_at: null });
    expect(deposit.shares).toEqual([
      { bucket: 'emergency_fund', target_id: null, name: 'Emergency fund', amount: 440 },
      { bucket: 'goal', target_id: user.goalId, name: 'Japan trip', amount: 300 },
      { bucket: 'wallet', target_id: null, name: 'Wallet', amount: 1760 },
    ]);
    // Each bucket is what its account holds: the fund's $1,000 + $440, the goal's $600 + $300.
    expect(nest.buckets).toEqual([
      { bucket: 'wallet', target_id: null, name: 'Wallet', balance: 1760 },
      { bucket: 'loans', target_id: null, name: 'Loan payments', balance: 0 },
      { bucket: 'emergency_fund', target_id: null, name: 'Emergency fund', balance: 1440 },
      { bucket: 'goal', target_id: user.goalId, name: 'Japan trip', balance: 900 },
    ]);
    expect(nest.deposits.map((d: { id: string }) => d.id)).toEqual([deposit.id]);

    // The fund and the goal list the share as a deposit of theirs, and their balances moved.
    const fundEntries = await api.fundEntries(user.token);
    expect(fundEntries).toMatchObject([
      { kind: 'deposit', amount: 440, date: TODAY, note: 'From the Money Nest: November salary' },
    ]);
    expect((await api.fund(user.token)).saved_amount).toBe(1440);
    expect(await api.goalEntries(user.token, user.goalId)).toMatchObject([
      { kind: 'deposit', amount: 300, date: TODAY, note: 'From the Money Nest: November salary' },
    ]);
    expect((await api.goal(user.token, user.goalId)).saved_amount).toBe(900);

    // The Nest's list: one entry per share of the deposit's journal.
    const ledger = (await api.entries(user.token)).json().data as { name: string; amount: number; kind: string }[];
    expect(ledger).toHaveLength(3);
    expect(ledger.every((e) => e.kind === 'allocation')).toBe(true);
    const sums: Record<string, number> = {};
    for (const e of ledger) sums[e.name] = (sums[e.name] ?? 0) + e.amount;
    expect(sums).toEqual({ Wallet: 1760, 'Emergency fund': 440, 'Japan trip': 300 });
  });

  it('a share for an investment account raises its balance and records the day', async () => {
    const user = await api.userWithTargets();
    await api.ok(
      api.saveRules(user.token, [{ bucket: 'investment', target_id: user.accountId, kind: 'percent', value: 12.5 }], 1),
    );
    const { deposit, nest } = await api.ok(api.deposit(user.token, income(1000.1)));
    // 12.5 % of $1,000.10 is $125.0125: $125.01, the rest $875.09 to the Wallet.
    expect(deposit.shares).toEqual([
      { bucket: 'investment', target_id: user.accountId, name: 'Roth IRA', amount: 125.01 },
      { bucket: 'wallet', target_id: null, name: 'Wallet', amount: 875.09 },
    ]);
    expect(balances(nest)).toMatchObject({ 'Roth IRA': 12125.01, Wallet: 875.09 });
    const account = (await api.investment(user.token)).accounts[0];
    expect(account.balance).toBe(12125.01);
    expect(account.snapshots.at(-1)).toEqual({ date: TODAY, balance: 12125.01 });
  });

  it('several deposits add up in each bucket; the GET lists the latest first', async () => {
    const user = await api.userWithIssueRules();
    const first = await api.ok(api.deposit(user.token, income(100, 'Gift', '2026-11-01')));
    const second = await api.ok(api.deposit(user.token, income(0.01, 'Interest', '2026-11-20')));
    // $100: the goal's $300 is capped at $100, nothing left for the rest. $0.01: all to the goal too.
    expect(first.deposit.shares).toEqual([{ bucket: 'goal', target_id: user.goalId, name: 'Japan trip', amount: 100 }]);
    expect(second.deposit.shares).toEqual([
      { bucket: 'goal', target_id: user.goalId, name: 'Japan trip', amount: 0.01 },
    ]);
    const nest = (await api.get(user.token)).json().data;
    expect(nest.deposits.map((d: { source: string }) => d.source)).toEqual(['Interest', 'Gift']);
    expect(balances(nest)).toMatchObject({ 'Japan trip': 700.01, Wallet: 0, 'Emergency fund': 1000 });
  });
});

describe('rules', () => {
  it('a save from a stale version is a 409 and keeps the newer rules', async () => {
    const user = await api.userWithIssueRules();
    const stale = await api.saveRules(user.token, [], 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed in another tab/);
    const nest = (await api.get(user.token)).json().data;
    expect(nest.rules).toHaveLength(2);
    expect(nest.rules_version).toBe(2);
  });

  it("deleting a goal removes its rule and its bucket; its share goes to the Wallet and its entries keep the goal's name", async () => {
    const user = await api.userWithIssueRules();
    await api.ok(api.deposit(user.token, income(2500)));
    const deleted = await api.call(user.token, 'DELETE', `/api/v1/user-lifestyle-saving/${user.goalId}`);
    expect(deleted.statusCode).toBeLessThan(300);
    const nest = (await api.get(user.token)).json().data;
    expect(nest.rules.map((r: { bucket: string }) => r.bucket)).toEqual(['emergency_fund']);
    // Its money left with it (to Outside Helo): no bucket holds it any more.
    expect(nest.buckets.map((b: { name: string }) => b.name)).toEqual(['Wallet', 'Loan payments', 'Emergency fund']);
    const entries = (await api.entries(user.token)).json().data as { name: string; target_id: string | null }[];
    expect(entries).toContainEqual(expect.objectContaining({ name: 'Japan trip', target_id: null }));
    const { deposit } = await api.ok(api.deposit(user.token, income(2500)));
    expect(deposit.shares.map((s: { amount: number }) => s.amount)).toEqual([500, 2000]);
  });
});

describe('the buckets', () => {
  it("a deleted goal's bucket goes; its share in the deposit keeps its whole name, whatever characters it has", async () => {
    const user = await api.userWithTargets();
    const goal = await api.ok(
      api.call(user.token, 'POST', '/api/v1/user-lifestyle-saving', {
        name: 'Rome | Paris',
        kind: 'travel',
        target_amount: 5000,
        saved_amount: 0,
        horizon_years: 3,
      }),
    );
    await api.ok(api.saveRules(user.token, [{ bucket: 'goal', target_id: goal.id, kind: 'fixed', value: 50 }], 1));
    await api.ok(api.deposit(user.token, income(80)));
    await api.call(user.token, 'DELETE', `/api/v1/user-lifestyle-saving/${goal.id}`);
    const nest = (await api.get(user.token)).json().data;
    expect(nest.buckets).toEqual([
      { bucket: 'wallet', target_id: null, name: 'Wallet', balance: 30 },
      { bucket: 'loans', target_id: null, name: 'Loan payments', balance: 0 },
    ]);
    expect(nest.deposits[0].shares).toEqual([
      { bucket: 'goal', target_id: null, name: 'Rome | Paris', amount: 50 },
      { bucket: 'wallet', target_id: null, name: 'Wallet', amount: 30 },
    ]);
  });
});

describe('the ledger', () => {
  it('pages newest first with a cursor, never repeating or skipping an entry; a bad cursor is a 400', async () => {
    const user = await api.userWithIssueRules();
    for (const day of ['2026-11-01', '2026-11-02', '2026-11-03']) {
      await api.ok(api.deposit(user.token, income(2500, `Pay ${day}`, day)));
    }
    const seen: { id: string; date: string }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await api.entries(user.token, query)).json();
      seen.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(9);
    expect(new Set(seen.map((e) => e.id)).size).toBe(9);
    expect(seen.map((e) => e.date)).toEqual([...seen.map((e) => e.date)].sort().reverse());

    const bad = await api.entries(user.token, '?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'cursor', message: 'Cursor is not valid' }]);
  });
});

describe("another user's data", () => {
  it("another user's deposit id is a 404 on reverse; the Nest and the ledger show only one's own", async () => {
    const a = await api.userWithIssueRules();
    const b = await api.userWithIssueRules();
    const { deposit } = await api.ok(api.deposit(a.token, income(2500)));
    await api.ok(api.deposit(b.token, income(10, 'B pay')));

    const res = await api.reverse(b.token, deposit.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Deposit not found');
    expect((await api.reverse(b.token, 'not-a-uuid')).statusCode).toBe(404);
    expect((await api.get(a.token)).json().data.deposits[0].reversed_at).toBeNull();

    const bNest = (await api.get(b.token)).json().data;
    expect(bNest.deposits.map((d: { source: string }) => d.source)).toEqual(['B pay']);
    const bLedger = (await api.entries(b.token)).json().data as { deposit_id: string }[];
    expect(bLedger.length).toBeGreaterThan(0);
    expect(bLedger.some((e) => e.deposit_id === deposit.id)).toBe(false);
  });

  it("a rule naming another user's goal or account is a 400 at its target_id", async () => {
    const a = await api.userWithTargets();
    const b = await api.userWithTargets();
    const goal = await api.saveRules(b.token, [{ bucket: 'goal', target_id: a.goalId, kind: 'percent', value: 5 }], 1);
    expect(goal.statusCode).toBe(400);
    expect(goal.json().errors).toEqual([{ path: 'rules.0.target_id', message: 'Choose one of your goals' }]);
    const account = await api.saveRules(
      b.token,
      [{ bucket: 'investment', target_id: a.accountId, kind: 'percent', value: 5 }],
      1,
    );
    expect(account.statusCode).toBe(400);
    expect(account.json().errors).toEqual([
      { path: 'rules.0.target_id', message: 'Choose one of your investment accounts' },
    ]);
  });
});
