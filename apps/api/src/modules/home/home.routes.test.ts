import { vaultAccounts } from '@helo/db/schema';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { BASE as BUDGETS } from '../budgets/testing.ts';
import { BASE as FUND } from '../emergency-fund/testing.ts';
import { BASE as INVESTMENTS } from '../investments/testing.ts';
import { BASE as GOALS, goalRequests } from '../lifestyle-goals/testing.ts';
import { income, BASE as NEST, nestRequests } from '../nest/testing.ts';
import { insertNotification } from '../notifications/index.ts';
import { car, card as creditCard, BASE as DEBTS } from '../user-debts/testing.ts';
import { NOVEMBER_BUDGET, spend, BASE as WALLET } from '../wallet/testing.ts';

const t = useTestApp();
const api = nestRequests(t);
const HOME = '/api/v1/home';

/** Every area of a user who has set nothing up: no figure made up, the Vault off. */
const NOTHING_YET = {
  net_worth: null,
  debts: null,
  emergency_fund: null,
  goals: null,
  budget: null,
  investments: null,
  nest: null,
  wallet: null,
  vault: { active: false, file_count: 0 },
};

const home = (token: string) => api.call(token, 'GET', HOME);
const homeData = async (token: string) => api.ok(home(token));

/** Due this month (the test clock's day is 21 Nov 2026, New York): Home's next payment. */
const card = { ...creditCard, due_date: '2026-11-28' };

/**
 * A user with data in every area: two loans, a fund, a goal and an investment account (the Nest's
 * helper), the Nest with rules that send shares to the fund, the goal and the loans, two deposits
 * this month and a reversed one, November's budget, Wallet transactions, a Vault and notifications.
 */
async function userWithEverything() {
  const user = await api.userWithTargets();
  await api.ok(api.call(user.token, 'PUT', DEBTS, { debts: [car, card] }));
  await api.ok(api.call(user.token, 'POST', BUDGETS, NOVEMBER_BUDGET));
  const rules = [
    { bucket: 'emergency_fund', kind: 'percent', value: 20 },
    { bucket: 'goal', target_id: user.goalId, kind: 'fixed', value: 300 },
    { bucket: 'loans', kind: 'percent', value: 10 },
  ];
  await api.ok(api.saveRules(user.token, rules, user.nest.rules_version));
  await api.ok(api.deposit(user.token, income(2000)));
  await api.ok(api.deposit(user.token, income(150.25, 'Side job', '2026-11-02')));
  // Last month's income is not this month's.
  await api.ok(api.deposit(user.token, income(999, 'Paycheck', '2026-10-30')));
  const { deposit: reversed } = await api.ok(api.deposit(user.token, income(500, 'Refund', '2026-11-10')));
  await api.ok(api.reverse(user.token, reversed.id));
  for (const tx of [
    spend(-1200, 'Landlord', { category: 'Housing' }),
    spend(-86.4, 'Grocer', { category: 'Food' }),
    spend(12.5, 'Grocer refund', { category: 'Food' }),
    spend(-19.99, 'Cinema'),
  ]) {
    await api.ok(api.call(user.token, 'POST', `${WALLET}/transactions`, tx));
  }
  await t().database.db.insert(vaultAccounts).values({ userId: user.userId, usedBytes: 4096, fileCount: 2 });
  for (const title of ['First', 'Second', 'Third']) {
    t().clock.advance(1000);
    await insertNotification(t().database.db, user.userId, { kind: 'x', title, message: 'm' }, t().clock.now());
  }
  return user;
}

describe('GET /v1/home', () => {
  it('for a new user: every area null, net worth null, the welcome as the latest notification', async () => {
    const user = await api.newUser();
    const res = await home(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const notifications = await api.ok(api.call(user.token, 'GET', '/api/v1/notifications'));
    expect(res.json().data).toEqual({
      first_name: expect.any(String),
      ...NOTHING_YET,
      notifications: { unread_count: 1, latest: notifications },
    });
    expect(res.json().data.notifications.latest.map((n: { title: string }) => n.title)).toEqual(['Welcome to Helo']);
  });

  it('answers 401 without a session', async () => {
    expect((await t().app.inject({ method: 'GET', url: HOME })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'GET', url: HOME, headers: bearer('not-a-token') })).statusCode).toBe(401);
  });

  it("shows every area's figures exactly as the area's own endpoint answers them", async () => {
    const user = await userWithEverything();
    const data = await homeData(user.token);
    const [debts, fund, goals, budgets, investment, nest, summary, notifications] = await Promise.all([
      api.ok(api.call(user.token, 'GET', DEBTS)),
      api.ok(api.call(user.token, 'GET', FUND)),
      api.ok(api.call(user.token, 'GET', GOALS)),
      api.ok(api.call(user.token, 'GET', BUDGETS)),
      api.ok(api.call(user.token, 'GET', INVESTMENTS)),
      api.ok(api.call(user.token, 'GET', NEST)),
      api.ok(api.call(user.token, 'GET', `${WALLET}/summary`)),
      api.call(user.token, 'GET', '/api/v1/notifications').then((r) => r.json()),
    ]);
    const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b * 100, 0)) / 100;

    expect(data.debts).toEqual({
      count: 2,
      total_balance: sum(debts.map((d: { outstanding_balance: number }) => d.outstanding_balance)),
      monthly_payments: sum(debts.map((d: { monthly_payment_amount: number }) => d.monthly_payment_amount)),
      // The card is due on the 28th, before the car on 5 December.
      next_payment: { debt_name: debts[1].debt.debt_name, amount: 120, date: '2026-11-28' },
    });
    expect(data.debts.total_balance).toBe(21_451.49);

    expect(data.emergency_fund).toEqual({
      saved: fund.saved_amount,
      target_low: fund.plan.target_low,
      target_high: fund.plan.target_high,
      progress_percent: fund.plan.progress_percent,
    });
    // The Nest's shares reached the fund: Home shows the fund's balance with them.
    expect(fund.saved_amount).toBeGreaterThan(1000);

    const [goal] = goals;
    expect(data.goals).toEqual({
      count: 1,
      saved: goal.saved_amount,
      target: goal.target_amount,
      progress_percent: goal.progress_percent,
      behind_count: goal.status === 'behind' ? 1 : 0,
    });

    const november = budgets.find((b: { month: string }) => b.month === '2026-11');
    expect(data.budget).toEqual({
      month: '2026-11',
      net_income: november.net_income,
      planned: november.summary.planned,
      spent: summary.total_spent,
      left: Math.round((november.summary.planned - summary.total_spent) * 100) / 100,
    });
    expect(data.budget.spent).toBe(1293.89);

    expect(data.investments).toEqual({
      account_count: investment.accounts.length,
      total_balance: investment.total_balance,
      retirement_age: investment.retirement_age,
      monthly_retirement_income: investment.projection.total.at_retirement.monthly_income,
    });

    const bucket = (name: string) => nest.buckets.find((b: { bucket: string }) => b.bucket === name).balance;
    expect(data.nest).toEqual({ loan_payments: bucket('loans'), income_this_month: 2150.25 });
    expect(data.wallet).toEqual({ balance: summary.balance, spent_this_month: summary.total_spent });

    expect(data.vault).toEqual({ active: true, file_count: 2 });
    expect(data.notifications).toEqual({
      unread_count: notifications.unread_count,
      latest: notifications.data.slice(0, 3),
    });
    expect(data.notifications.latest.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second', 'First']);
  });

  it("adds up net worth counting a Nest deposit's share in the fund once", async () => {
    const user = await api.userWithTargets();
    await api.ok(api.call(user.token, 'PUT', DEBTS, { debts: [car] }));
    await api.ok(
      api.saveRules(
        user.token,
        [
          { bucket: 'emergency_fund', kind: 'percent', value: 50 },
          { bucket: 'loans', kind: 'fixed', value: 100 },
        ],
        user.nest.rules_version,
      ),
    );
    const before = (await homeData(user.token)).net_worth;
    // Fund $1,000, goal $600, investments $12,000, nothing in the Nest, the car $18,250.50.
    expect(before).toEqual({
      total: 1000 + 600 + 12_000 - 18_250.5,
      investments: 12_000,
      emergency_fund: 1000,
      goals: 600,
      nest_and_wallet: 0,
      debts: 18_250.5,
    });
    await api.ok(api.deposit(user.token, income(1000)));
    // $100 to Loan payments first, half the rest ($450) into the fund, $450 to the Wallet: the
    // deposit adds $1,000 to net worth, once (its share in the fund is not counted again in the Nest).
    expect((await homeData(user.token)).net_worth).toEqual({
      total: before.total + 1000,
      investments: 12_000,
      emergency_fund: 1450,
      goals: 600,
      nest_and_wallet: 550,
      debts: 18_250.5,
    });
  });

  it('picks the loan due soonest from today, skipping a paid-off one', async () => {
    const user = await api.newUser();
    const paidOff = { ...card, outstanding_balance: 0, due_date: '2026-11-22' };
    const later = { ...car, due_date: '2027-01-10' };
    const soonest = { ...car, debt_id: 2, monthly_payment_amount: 310.25, due_date: '2026-12-01' };
    await api.ok(api.call(user.token, 'PUT', DEBTS, { debts: [paidOff, later, soonest] }));
    const data = await homeData(user.token);
    const debts = await api.ok(api.call(user.token, 'GET', DEBTS));
    expect(data.debts.count).toBe(3);
    expect(data.debts.next_payment).toEqual({ debt_name: debts[2].debt.debt_name, amount: 310.25, date: '2026-12-01' });
    // Every loan paid off: no next payment, the card still counts.
    await api.ok(api.call(user.token, 'PUT', DEBTS, { debts: [paidOff] }));
    expect((await homeData(user.token)).debts).toMatchObject({ count: 1, total_balance: 0, next_payment: null });
  });

  it('counts days in New York: at 10 pm there on the 21st (03:00 UTC on the 22nd), a loan due the 21st is next', async () => {
    const user = await goalRequests(t).newUser();
    await api.ok(api.call(user.token, 'PUT', DEBTS, { debts: [{ ...car, due_date: '2026-11-21' }, card] }));
    // 15 hours on (the access token has expired: sign in again). In UTC it is the 22nd, and the
    // car's date would have rolled to 21 December, leaving the card (28 November) as next.
    t().clock.advance(15 * 60 * 60 * 1000);
    const token = await goalRequests(t).signIn(user.email);
    expect((await homeData(token)).debts.next_payment).toMatchObject({ amount: 450, date: '2026-11-21' });
  });

  it("shows this month's budget only; without the Nest there is no spent or left", async () => {
    const user = await api.newUser();
    await api.ok(api.call(user.token, 'POST', BUDGETS, { ...NOVEMBER_BUDGET, month: '2026-12' }));
    expect((await homeData(user.token)).budget).toBeNull();
    await api.ok(api.call(user.token, 'POST', BUDGETS, NOVEMBER_BUDGET));
    expect((await homeData(user.token)).budget).toEqual({
      month: '2026-11',
      net_income: 4000,
      planned: 2020.5,
      spent: null,
      left: null,
    });
  });

  it("never shows another user's data", async () => {
    await userWithEverything();
    const other = await api.newUser();
    const data = await homeData(other.token);
    expect(data).toMatchObject({
      ...NOTHING_YET,
      notifications: { unread_count: 1 },
    });
    expect(data.notifications.latest).toHaveLength(1);
  });
});
