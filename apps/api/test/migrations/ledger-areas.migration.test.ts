import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLDS, ledgerInvariants } from '../../src/modules/ledger/testing.ts';
import { bearer, GOOD_PASSWORD } from '../accounts.ts';
import { type DatabaseBefore, databaseBefore } from '../migration-database.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { type OldEntry, type OldReads, oldReads } from './old-area-reads.ts';
import { OldAreaWrites } from './old-area-writes.ts';

/**
 * Migration 0025 (issue 27, branch nest-ledger): a database as it stood before it, written as the
 * code before it wrote (old-area-writes.ts), read as that code read it (old-area-reads.ts); then
 * migrated and read through today's API. Every balance, list and Home figure is the same to the
 * cent, but for the changes the issue makes and decisions.md names: the Nest's fund, goal and
 * account buckets show what those accounts hold, a Wallet rule's share and the rest are one Wallet
 * line, a Nest entry's id and time are its journal's.
 */
let before: DatabaseBefore;
let t: TestApp;
const old = new Map<string, OldReads>();
const people: { name: string; id: string; email: string }[] = [];
const NOVEMBER = { first: '2026-11-01', next: '2026-12-01' };

/** Alma: every area, a deposit to every bucket, a reversed deposit, a deleted goal with shares, a loan paid. */
async function alma(w: OldAreaWrites, id: string) {
  await w.fund(id, 100_000, '2026-11-01T15:00:00Z');
  await w.fundEntry(id, 'deposit', 25_025, '2026-11-02', 'Paycheck', '2026-11-02T15:00:00Z');
  await w.fundEntry(id, 'withdrawal', 5_000, '2026-11-03', null, '2026-11-03T15:00:00Z');
  await w.fundEntry(id, 'deposit', 2_000, '2026-11-05', 'Corrected in setup', '2026-11-05T15:00:00Z');
  const japan = await w.goal(id, 'Japan trip', 600_000, 60_000, '2026-11-01T16:00:00Z');
  await w.goalEntry(id, japan, 'deposit', 10_000, '2026-11-04', 'Birthday', '2026-11-04T15:00:00Z');
  await w.goalEntry(id, japan, 'withdrawal', 2_050, '2026-11-06', null, '2026-11-06T15:00:00Z');
  const car = await w.goal(id, 'Old car', 900_000, 0, '2026-11-01T17:00:00Z');
  const roth = await w.investmentAccount(id, 'Roth IRA', 1_200_000, '2026-11-01', '2026-11-01T18:00:00Z');
  await w.snapshot(id, roth, '2026-11-10', 1_250_000, '2026-11-10T15:00:00Z');
  const auto = await w.loan(id, 1, 1_800_000, '2026-11-21', 0, '2026-11-01T19:00:00Z');
  await w.loan(id, 4, 300_000, '2026-12-05', 1, '2026-11-01T19:00:00Z');
  await w.activate(id, '2026-11-01T20:00:00Z');
  await w.rules(id, [
    { bucket: 'wallet', kind: 'fixed', value: 2_500 },
    { bucket: 'loans', kind: 'fixed', value: 60_000 },
    { bucket: 'emergency_fund', kind: 'percent', value: 1_000 },
    { bucket: 'goal', target: japan, kind: 'percent', value: 500 },
    { bucket: 'goal', target: car, kind: 'fixed', value: 5_000 },
    { bucket: 'investment', target: roth, kind: 'fixed', value: 10_000 },
  ]);
  await w.deposit(id, 300_003, '2026-11-15', 'November salary', '2026-11-15T14:00:00Z');
  const bonus = await w.deposit(id, 99_999, '2026-11-16', 'Bonus', '2026-11-16T14:00:00Z');
  await w.reverse(id, bonus, '2026-11-18T14:00:00Z');
  await w.deleteGoal(car);
  // $450 due 11-21: $97.50 interest, $352.50 principal.
  await w.loanPayment(id, auto, 'Auto loan', 45_000, 35_250, '2026-11-21', '2026-12-21', '2026-11-21T06:05:00Z');
  await w.walletTransaction(id, -4_000, '2026-11-19', 'Groceries', '2026-11-19T15:00:00Z');
}

/** Bruno: no saving yet, a goal filled by the Nest, an account of one snapshot, a loan paid then deleted. */
async function bruno(w: OldAreaWrites, id: string) {
  await w.fund(id, 0, '2026-11-03T15:00:00Z');
  const house = await w.goal(id, 'House', 5_000_000, 0, '2026-11-03T16:00:00Z');
  await w.investmentAccount(id, '401k', 0, '2026-11-03', '2026-11-03T17:00:00Z');
  const mortgage = await w.loan(id, 2, 20_000_000, '2026-11-10', 0, '2026-11-03T18:00:00Z');
  await w.activate(id, '2026-11-03T19:00:00Z');
  await w.rules(id, [
    { bucket: 'goal', target: house, kind: 'percent', value: 2_500 },
    { bucket: 'loans', kind: 'percent', value: 5_000 },
  ]);
  await w.deposit(id, 400_000, '2026-11-05', 'Pay', '2026-11-05T14:00:00Z');
  await w.deposit(id, 1, '2026-11-06', 'Interest', '2026-11-06T14:00:00Z');
  await w.loanPayment(id, mortgage, 'Mortgage', 150_000, 40_000, '2026-11-10', '2026-12-10', '2026-11-10T06:05:00Z');
  await w.deleteLoan(mortgage);
}

/** Cleo: loans only, no Nest. Dev: a user with nothing. */
async function cleo(w: OldAreaWrites, id: string) {
  await w.loan(id, 3, 1_234_567, '2026-12-01', 0, '2026-11-02T15:00:00Z');
}

beforeAll(async () => {
  // Before 0024 too: that release's rows include My Wallet's, which 0024 moves first.
  before = await databaseBefore('0023_ledger');
  const w = new OldAreaWrites(before);
  const seeds = { Alma: alma, Bruno: bruno, Cleo: cleo, Dev: async () => {} };
  for (const [name, seed] of Object.entries(seeds)) {
    const email = `${name.toLowerCase()}.${Date.now()}@example.com`;
    const id = await w.user(name, email, GOOD_PASSWORD);
    await seed(w, id);
    people.push({ name, id, email });
    old.set(name, await oldReads(before, id, NOVEMBER));
  }
  t = await createTestApp({ database: await before.migrateRest() });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await before?.close();
});

async function api(name: string) {
  const person = people.find((p) => p.name === name);
  if (!person) throw new Error(name);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: person.email, password: GOOD_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login ${login.statusCode} ${login.body}`);
  const token = login.json().data.access_token as string;
  return async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
    return { status: res.statusCode, body: res.json() };
  };
}

const mustOld = (name: string) => {
  const reads = old.get(name);
  if (!reads) throw new Error(name);
  return reads;
};

/** An entry list as compared: the Nest's entries keep all but their ids (their deposit's journal's now). */
const comparable = (entries: readonly (Omit<OldEntry, 'byNest'> & { byNest?: boolean })[], byNest: boolean[]) =>
  entries.map((e, i) => ({
    ...(byNest[i] ? {} : { id: e.id }),
    kind: e.kind,
    amount: e.amount,
    date: e.date,
    note: e.note,
    created_at: e.created_at,
  }));

describe('migration 0025: the areas onto the ledger', () => {
  it('had a row of every kind the old stores held to move', () => {
    const a = mustOld('Alma');
    expect(a.fund?.entries.map((e) => e.byNest).sort()).toEqual([false, false, false, true, true, true]);
    expect(a.goals.map((g) => g.name)).toEqual(['Japan trip']);
    expect(a.goals[0]?.entries.filter((e) => e.byNest)).toHaveLength(3);
    expect(a.investments.accounts[0]?.snapshots.map((s) => s.date)).toEqual([
      '2026-11-01',
      '2026-11-10',
      '2026-11-15',
      '2026-11-16',
      '2026-11-18',
    ]);
    expect(a.nest?.deposits.map((d) => [d.source, d.reversed_at !== null])).toEqual([
      ['Bonus', true],
      ['November salary', false],
    ]);
    expect(new Set(a.nest?.entries.map((e) => e.kind))).toEqual(new Set(['allocation', 'reversal', 'loan_payment']));
    // The deleted goal's share kept its name and lost its goal.
    expect(a.nest?.entries).toContainEqual(expect.objectContaining({ name: 'Old car', target_id: null, amount: 50 }));
    const b = mustOld('Bruno');
    expect(b.loans).toEqual([]);
    expect(b.nest?.entries).toContainEqual(expect.objectContaining({ kind: 'loan_payment', name: 'Mortgage' }));
  });

  it.each(['Alma', 'Bruno', 'Cleo', 'Dev'])('%s: the ledger holds together', async (name) => {
    const person = people.find((p) => p.name === name);
    expect(await ledgerInvariants(t.database.db, person?.id ?? '')).toEqual(HOLDS);
  });

  it.each(['Alma', 'Bruno'])("%s: the emergency fund's saved and starting amounts, and its entries", async (name) => {
    const get = await api(name);
    const was = mustOld(name).fund;
    const fund = (await get('/user-emergency-fund')).body.data;
    expect(fund).toMatchObject({ saved_amount: was?.saved_amount, starting_amount: was?.starting_amount });
    const entries = (await get('/user-emergency-fund/entries?limit=100')).body.data;
    const byNest = (was?.entries ?? []).map((e) => e.byNest);
    expect(comparable(entries, byNest)).toEqual(comparable(was?.entries ?? [], byNest));
  });

  it.each(['Alma', 'Bruno'])("%s: each goal's saved and starting amounts, and its entries", async (name) => {
    const get = await api(name);
    const was = mustOld(name).goals;
    const goals = (await get('/user-lifestyle-saving')).body.data;
    expect(goals.map((g: Record<string, unknown>) => [g.id, g.saved_amount, g.starting_amount])).toEqual(
      was.map((g) => [g.id, g.saved_amount, g.starting_amount]),
    );
    for (const goal of was) {
      const entries = (await get(`/user-lifestyle-saving/${goal.id}/entries?limit=100`)).body.data;
      const byNest = goal.entries.map((e) => e.byNest);
      expect(comparable(entries, byNest)).toEqual(comparable(goal.entries, byNest));
    }
  });

  it.each(['Alma', 'Bruno'])("%s: each investment account's balance and history, and the total", async (name) => {
    const get = await api(name);
    const was = mustOld(name).investments;
    const now = (await get('/user-investment')).body.data;
    expect(now.total_balance).toBe(was.total_balance);
    expect(now.accounts.map((a: Record<string, unknown>) => ({ id: a.id, name: a.name, balance: a.balance }))).toEqual(
      was.accounts.map((a) => ({ id: a.id, name: a.name, balance: a.balance })),
    );
    // A snapshot of $0 recorded no money: the history starts with the first day the account moved.
    expect(now.accounts.map((a: { snapshots: unknown }) => a.snapshots)).toEqual(
      was.accounts.map((a) => a.snapshots.filter((s, i) => !(i === 0 && s.balance === 0))),
    );
  });

  it.each(['Alma', 'Bruno', 'Cleo', 'Dev'])("%s: each loan's outstanding balance and version", async (name) => {
    const get = await api(name);
    const loans = (await get('/user-debts')).body.data;
    expect(
      loans.map((l: Record<string, unknown>) => ({
        id: l.id,
        outstanding_balance: l.outstanding_balance,
        version: l.version,
      })),
    ).toEqual(mustOld(name).loans);
  });

  it.each(['Alma', 'Bruno'])("%s: the Nest's Wallet and Loan payments, its deposits and its entries", async (name) => {
    const get = await api(name);
    const was = mustOld(name).nest;
    const nest = (await get('/nest')).body.data;
    const bucket = (label: string) => nest.buckets.find((b: { name: string }) => b.name === label)?.balance;
    // One meaning for "Wallet" (issue 27 item 4): the Nest's Wallet is My Wallet's account, so it shows
    // what My Wallet held (the Nest's shares and the transactions), not the Nest's shares alone.
    expect([bucket('Wallet'), bucket('Loan payments')]).toEqual([
      was ? mustOld(name).walletBalance : undefined,
      was?.loanPayments,
    ]);
    // The deposits keep their ids, amounts, days, sources and reversals; a Wallet rule's share and
    // the rest are one Wallet share now, last.
    const merged = (shares: { bucket: string; amount: number }[]) => {
      const wallet = shares.filter((s) => s.bucket === 'wallet');
      const rest = shares.filter((s) => s.bucket !== 'wallet');
      const sum = Math.round(wallet.reduce((total, s) => total + s.amount * 100, 0)) / 100;
      return wallet[0] ? [...rest, { ...wallet[0], amount: sum }] : rest;
    };
    expect(nest.deposits).toEqual((was?.deposits ?? []).map((d) => ({ ...d, shares: merged(d.shares) })));
    // The entries: the same lines (the Wallet's of a deposit one), newest first by day.
    const entries = (await get('/nest/entries?limit=100')).body.data;
    const key = (e: Record<string, unknown>) =>
      JSON.stringify([e.date, e.deposit_id, e.kind, e.bucket, e.target_id, e.name, e.amount]);
    const wasMerged = new Map<string, Record<string, unknown>>();
    for (const e of was?.entries ?? []) {
      const id = e.bucket === 'wallet' ? `${e.deposit_id}|${e.kind}|wallet` : `${Math.random()}`;
      const seen = wasMerged.get(id);
      wasMerged.set(id, seen ? { ...seen, amount: Math.round(((seen.amount as number) + e.amount) * 100) / 100 } : e);
    }
    expect(entries.map(key).sort()).toEqual([...wasMerged.values()].map(key).sort());
    expect(entries.map((e: { date: string }) => e.date)).toEqual(
      [...entries.map((e: { date: string }) => e.date)].sort().reverse(),
    );
  });

  it.each(['Alma', 'Bruno'])(
    "%s: the Nest's fund, goal and account buckets are what those hold (the change issue 27 makes)",
    async (name) => {
      const get = await api(name);
      const nest = (await get('/nest')).body.data;
      const reads = mustOld(name);
      for (const b of nest.buckets as { bucket: string; target_id: string | null; balance: number }[]) {
        if (b.bucket === 'emergency_fund') expect(b.balance).toBe(reads.fund?.saved_amount);
        if (b.bucket === 'goal') expect(b.balance).toBe(reads.goals.find((g) => g.id === b.target_id)?.saved_amount);
        if (b.bucket === 'investment') {
          expect(b.balance).toBe(reads.investments.accounts.find((a) => a.id === b.target_id)?.balance);
        }
      }
    },
  );

  it.each(['Alma', 'Bruno', 'Cleo', 'Dev'])("%s: My Wallet's balance and every Home figure", async (name) => {
    const get = await api(name);
    const was = mustOld(name);
    const home = (await get('/home')).body.data;
    if (was.nest) {
      expect((await get('/wallet/summary')).body.data.balance).toBe(was.walletBalance);
      expect(home.nest).toEqual({
        loan_payments: was.home.loan_payments,
        income_this_month: was.home.income_this_month,
      });
      expect(home.wallet.balance).toBe(was.walletBalance);
    } else {
      expect(home.nest).toBeNull();
    }
    const anyArea = was.fund || was.goals.length || was.investments.accounts.length || was.loans.length || was.nest;
    expect(home.net_worth).toEqual(anyArea ? was.home.net_worth : null);
    if (was.fund) expect(home.emergency_fund.saved).toBe(was.fund.saved_amount);
    if (was.loans.length > 0) expect(home.debts.total_balance).toBe(was.home.net_worth.debts);
  });
});
