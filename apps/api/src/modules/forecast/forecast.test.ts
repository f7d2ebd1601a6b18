import { notifications, outboxMail } from '@helo/db/schema';
import { addDays } from '@helo/finance/calendar';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { settleMoneyChanged } from '../../lib/money-changed.ts';
import { Mailer } from '../../mail/mailer.ts';
import type { ExpectedMoney } from './expected-money.ts';
import { ForecastService } from './forecast.service.ts';

const t = useTestApp();
const BASE = '/api/v1/forecast';
/** The test clock's day (21 Nov 2026, New York). */
const TODAY = '2026-11-21';
const DAY_MS = 86_400_000;

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t().app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (res: ReturnType<typeof call>) => {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`refused: ${r.statusCode} ${r.body}`);
  return r.json().data;
};
async function newUser() {
  const { session, body } = await register(t());
  return { token: session.access_token as string, userId: session.user.id as string, email: body.email as string };
}
const spend = (token: string, amount: number, payee = 'Groceries', date = TODAY) =>
  ok(call(token, 'POST', '/api/v1/wallet/transactions', { amount, date, payee }));

describe('the forecast against an independent computation', () => {
  it("walks the Wallet and Loan payments through paychecks split by the Nest, rent, a loan and the budget's rest", async () => {
    const { token, userId } = await newUser();
    await ok(call(token, 'POST', '/api/v1/nest/activate'));
    await ok(
      call(token, 'PUT', '/api/v1/nest/allocation', {
        version: 1,
        rules: [{ bucket: 'loans', kind: 'fixed', value: 400 }],
      }),
    );
    await ok(call(token, 'POST', '/api/v1/nest/deposits', { amount: 1000, date: TODAY, source: 'Paycheck' }));
    await spend(token, -100);
    await ok(
      call(token, 'PUT', '/api/v1/user-debts', {
        debts: [
          {
            debt_id: 1,
            initial_loan_amount: 9000,
            outstanding_balance: 8000,
            monthly_payment_amount: 350,
            interest_rate: 6,
            due_date: '2026-12-15',
          },
        ],
      }),
    );
    // $1,500 to spend in November (the $350 of debt payments is the loan's, forecast on its own); no
    // December budget: November's is the latest.
    await ok(
      call(token, 'POST', '/api/v1/user-budgets', {
        month: '2026-11',
        net_income: 4000,
        categories: [
          { name: 'Rent', group: 'needs', planned: 1200, preset: 'housing' },
          { name: 'Fun', group: 'wants', planned: 300, preset: 'entertainment' },
          { name: 'Loans', group: 'needs', planned: 350, preset: 'debt_payments' },
        ],
      }),
    );
    const accounts: { id: string; kind: string }[] = await ok(call(token, 'GET', '/api/v1/accounts'));
    const wallet = accounts.find((a) => a.kind === 'checking')?.id as string;
    const nest = await ok(call(token, 'GET', '/api/v1/nest'));
    expect(nest.buckets.map((b: { balance: number }) => b.balance)).toEqual([500, 400]);

    const paydays = ['2026-11-27', '2026-12-11', '2026-12-25', '2027-01-08', '2027-01-22'];
    const rents = ['2026-12-01', '2027-01-01'];
    const fake: ExpectedMoney = {
      occurrences: async (_db, who, from, to) =>
        who !== userId
          ? []
          : [
              ...paydays.map((date) => ({
                seriesId: 'pay',
                name: 'Paycheck',
                kind: 'income' as const,
                date,
                accountId: wallet,
                toAccountId: null,
                amountCents: 200_000,
                category: null,
                throughNest: true,
                paid: false,
              })),
              ...rents.map((date) => ({
                seriesId: 'rent',
                name: 'Rent',
                kind: 'bill' as const,
                date,
                accountId: wallet,
                toAccountId: null,
                amountCents: -120_000,
                category: 'Rent',
                throughNest: false,
                paid: false,
              })),
            ].filter((o) => o.date >= from && o.date <= to),
    };
    const db = t().database.db;
    const service = new ForecastService(db, t().clock, new Mailer(undefined, t().clock, t().app.log, true), fake, {
      get: async () => nest,
    });
    const f = await service.get(userId, 60);
    const lp = f.accounts.find((a) => a.kind === 'loan_payments')?.id as string;

    // The budget's rest, counted another way: after k of a month's n days, k × ⌊left / n⌋ plus one cent
    // for each of the first (left mod n) days.
    const spreadAfter = (left: number, n: number, k: number) => k * Math.floor(left / n) + Math.min(k, left % n);
    const budgetBy = (day: string) => {
      let cents = 0;
      // November: $1,500 − $100 spent over Nov 22–30; Dec and Jan: $1,500 − the $1,200 rent over 31 days.
      cents += spreadAfter(
        140_000,
        9,
        Math.min(9, Math.max(0, Number(day.slice(8)) - 21 + (day > '2026-11-30' ? 99 : 0))),
      );
      if (day >= '2026-12-01') cents += spreadAfter(30_000, 31, day >= '2027-01-01' ? 31 : Number(day.slice(8)));
      if (day >= '2027-01-01') cents += spreadAfter(30_000, 31, Number(day.slice(8)));
      return cents;
    };
    const count = (list: string[], day: string) => list.filter((d) => d <= day).length;
    const loanDues = ['2026-12-15', '2027-01-15'];
    expect(f.days).toHaveLength(60);
    for (const d of f.days) {
      const walletCents = 50_000 + 160_000 * count(paydays, d.date) - 120_000 * count(rents, d.date) - budgetBy(d.date);
      const lpCents = 40_000 + 40_000 * count(paydays, d.date) - 35_000 * count(loanDues, d.date);
      expect({ date: d.date, wallet: d.balances[wallet], lp: d.balances[lp] }).toEqual({
        date: d.date,
        wallet: walletCents / 100,
        lp: lpCents / 100,
      });
      expect(Math.round(d.total * 100)).toBe(walletCents + lpCents);
    }
    expect(f.days[0]?.date).toBe('2026-11-22');
    expect(f.next_payday).toBe('2026-11-27');
    // Before the payday: $500 less five days of $155.56 on Nov 26.
    expect(f.lowest_before_payday).toEqual({ amount: 122.2, date: '2026-11-26' });
    expect(f.accounts.find((a) => a.id === wallet)).toMatchObject({
      lowest_before_payday: { amount: -277.8, date: '2026-11-26' },
      first_dip: { amount: -122.24, date: '2026-11-25' },
    });
    expect(f.days.find((d) => d.date === '2026-11-27')?.events).toEqual([
      { account_id: lp, kind: 'nest', label: 'Paycheck', amount: 400 },
      { account_id: wallet, kind: 'nest', label: 'Paycheck', amount: 1600 },
      { account_id: wallet, kind: 'budget', label: 'Budget', amount: -155.55 },
    ]);
  });
});

describe('GET /v1/forecast and the floor', () => {
  it('answers 90 days by default, validates days, scopes the floor to the user, and is no-store', async () => {
    const a = await newUser();
    const b = await newUser();
    await ok(call(a.token, 'POST', '/api/v1/nest/activate'));
    const res = await call(a.token, 'GET', BASE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data.days).toHaveLength(90);
    expect(data).toMatchObject({ today: TODAY, next_payday: null, total: 0, floor: 0 });
    for (const [q, message] of [
      ['0', 'Days must be at least 1'],
      ['91', 'Days must be at most 90'],
      ['2.5', 'Days must be a whole number'],
      ['x', 'Days must be a number'],
    ]) {
      const bad = await call(a.token, 'GET', `${BASE}?days=${q}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toContainEqual({ path: 'days', message });
    }
    expect((await t().app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);

    const wallet = data.accounts[0].id;
    const saved = await call(a.token, 'PUT', `${BASE}/settings`, {
      floor: 50,
      account_floors: [{ account_id: wallet, floor: 80 }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ floor: 50, account_floors: [{ account_id: wallet, floor: 80 }] });
    expect((await ok(call(a.token, 'GET', BASE))).accounts[0]).toMatchObject({ floor: 80 });
    // Another user's account is refused like one that does not exist.
    const theirs = await call(b.token, 'PUT', `${BASE}/settings`, {
      floor: 0,
      account_floors: [{ account_id: wallet, floor: 1 }],
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors).toEqual([
      { path: 'account_floors.0.account_id', message: 'Choose one of your accounts' },
    ]);
    const negative = await call(a.token, 'PUT', `${BASE}/settings`, { floor: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors[0].path).toBe('floor');
    expect(await ok(call(b.token, 'GET', `${BASE}/settings`))).toEqual({ floor: 0, account_floors: [] });
  });
});

describe('the low-balance alert', () => {
  it('is sent once per episode, brought up to date by the writes and by the daily job as days pass', async () => {
    const { token, userId, email } = await newUser();
    await ok(call(token, 'POST', '/api/v1/nest/activate'));
    await ok(call(token, 'POST', '/api/v1/nest/deposits', { amount: 500, date: TODAY, source: 'Paycheck' }));
    const db = t().database.db;
    const alerts = () =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'forecast_low_balance')));
    // This user's (another test's user may be alerted meanwhile: its refresh is debounced).
    const mails = async () =>
      (await db.select().from(outboxMail)).filter(
        (m) => m.kind === 'forecast_low_balance' && m.toAddress.toLowerCase() === email.toLowerCase(),
      );
    const before = (await mails()).length;
    await settleMoneyChanged();
    expect(await alerts()).toHaveLength(0);

    // A budget of $900 for the month's 9 days left: $100 a day from a Wallet of $500 → below $0 on Nov 27.
    await ok(
      call(token, 'POST', '/api/v1/user-budgets', {
        month: '2026-11',
        net_income: 3000,
        categories: [{ name: 'Food', group: 'needs', planned: 900, preset: 'food' }],
      }),
    );
    await settleMoneyChanged();
    const first = await alerts();
    expect(first).toHaveLength(1);
    expect(first[0]?.message).toBe('Wallet is forecast to fall below $0 on November 27, 2026 (-$100.00).');
    expect(await mails()).toHaveLength(before + 1);

    // Still dipping after another purchase and the daily job: no second alert.
    await spend(token, -20);
    await settleMoneyChanged();
    await t().app.inject({ method: 'GET', url: BASE, headers: bearer(token) });
    expect(await alerts()).toHaveLength(1);

    // Money in ends the episode; a floor of $2,000 starts the next one: one more alert, no more.
    await spend(token, 2000, 'Bonus');
    await settleMoneyChanged();
    expect(await alerts()).toHaveLength(1);
    await ok(call(token, 'PUT', `${BASE}/settings`, { floor: 2000 }));
    await settleMoneyChanged();
    const second = await alerts();
    expect(second).toHaveLength(2);
    expect(second.map((n) => n.message)).toContain(
      'Wallet is forecast to fall below your floor of $2,000.00 on November 26, 2026 ($1,991.10).',
    );

    // Days pass (the clock walks to Dec 2, past the month's budget): the daily job ends the episode
    // once the forecast no longer dips, and sends nothing twice.
    await ok(call(token, 'PUT', `${BASE}/settings`, { floor: 0 }));
    t().clock.advance(11 * DAY_MS);
    const service = new ForecastService(
      db,
      t().clock,
      new Mailer(undefined, t().clock, t().app.log, true),
      { occurrences: async () => [] },
      {
        get: async () => ({
          active: false,
          activated_at: null,
          rules_version: 1,
          rules: [],
          buckets: [],
          deposits: [],
        }),
      },
    );
    expect((await service.refreshAll()).alerts).toBe(0);
    expect(await alerts()).toHaveLength(2);
    expect(addDays(TODAY, 11)).toBe('2026-12-02');
  });
});
