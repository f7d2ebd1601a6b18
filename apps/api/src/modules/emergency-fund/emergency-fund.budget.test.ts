import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { budgetRequests } from '../budgets/testing.ts';
import { fundRequests } from './fund-requests.test-helpers.ts';

/**
 * The fund's targets come from the budget when there is one (decisions.md "Emergency fund details"):
 * the planned needs and wants of this month's budget (New York's month), or of the latest one
 * before it. The test clock starts on 21 November 2026.
 */
const t = useTestApp();
const fund = fundRequests(t);
const budgets = budgetRequests(t);

/** Needs $2,000 + wants $500 = $2,500 of expenses; the $800 of savings are not expenses. */
const budgetOf = (month: string, wants = 500) => ({
  month,
  net_income: 4000,
  categories: [
    { name: 'Housing', group: 'needs', planned: 2000, preset: 'housing' },
    { name: 'Fun', group: 'wants', planned: wants },
    { name: 'Savings', group: 'savings', planned: 800, preset: 'savings' },
  ],
});

describe("the emergency fund's expenses from the budget", () => {
  it("builds the targets on this month's budget, follows its changes, and falls back to the income without it", async () => {
    // SETUP: $1,000 saved, $4,000 income, $500 a month wanted: targets $12,000 / $24,000 on the income.
    const { token } = await fund.userWithFund();
    expect((await fund.getFund(token)).json().data).toMatchObject({
      monthly_expenses: 4000,
      expenses_source: 'income',
      plan: { target_low: 12000, target_high: 24000 },
    });

    const created = await budgets.create(token, budgetOf('2026-11'));
    expect(created.statusCode).toBe(201);
    expect((await fund.getFund(token)).json().data).toMatchObject({
      monthly_expenses: 2500,
      expenses_source: 'budget',
      // 3 and 6 × $2,500; $1,000 / $7,500 = 13.33 %; ($7,500 − $1,000) / $500 = 13 months, 28 to $15,000.
      plan: { target_low: 7500, target_high: 15000, progress_percent: 13.33, months_to_low: 13, months_to_high: 28 },
    });

    const budget = created.json().data;
    const categories = budget.categories.map(({ id, name, group, planned, preset }: Record<string, unknown>) =>
      name === 'Fun' ? { id, name, group, planned: 1000, preset } : { id, name, group, planned, preset },
    );
    await budgets.update(token, budget.id, { net_income: 4000, categories, version: 1 });
    expect((await fund.getFund(token)).json().data).toMatchObject({
      monthly_expenses: 3000,
      plan: { target_low: 9000, target_high: 18000 },
    });

    await budgets.remove(token, budget.id);
    expect((await fund.getFund(token)).json().data).toMatchObject({
      monthly_expenses: 4000,
      expenses_source: 'income',
    });
  });

  it('uses the latest budget before this month, never a later one', async () => {
    const { token } = await fund.userWithFund();
    await budgets.create(token, budgetOf('2026-12', 1500));
    expect((await fund.getFund(token)).json().data.expenses_source).toBe('income');
    await budgets.create(token, budgetOf('2026-08', 100));
    await budgets.create(token, budgetOf('2026-09', 200));
    expect((await fund.getFund(token)).json().data).toMatchObject({
      monthly_expenses: 2200,
      expenses_source: 'budget',
    });
  });

  it('keeps the income when the budget plans no expenses (only savings)', async () => {
    const { token } = await fund.userWithFund();
    await budgets.create(token, {
      month: '2026-11',
      net_income: 4000,
      categories: [{ name: 'Savings', group: 'savings', planned: 800 }],
    });
    expect((await fund.getFund(token)).json().data).toMatchObject({
      monthly_expenses: 4000,
      expenses_source: 'income',
    });
  });

  it("answers the setup and the ledger's writes on the budget's targets, milestones included", async () => {
    const { token } = await budgets.userWithBudget(budgetOf('2026-11', 0));
    // $2,000 of expenses: $6,000 is the 3-month target, so $1,000 saved is 16.67 %, and $500 more is 25 %.
    const created = await fund.createFund(token);
    expect(created.json().data).toMatchObject({
      expenses_source: 'budget',
      plan: { target_low: 6000, progress_percent: 16.67 },
      milestone_reached: 0,
    });
    const deposit = await fund.addEntry(token, { kind: 'deposit', amount: 500, date: '2026-11-21' });
    expect(deposit.json().data.fund).toMatchObject({ plan: { progress_percent: 25 }, milestone_reached: 25 });
  });

  it("takes this month in New York: at 03:00 UTC on 1 December it is still November's budget", async () => {
    const { token, email } = await fund.userWithFund();
    await budgets.create(token, budgetOf('2026-11'));
    await budgets.create(token, budgetOf('2026-12', 1500));
    const clock = t().clock;
    // Access tokens last 15 minutes: sign in again at each time the test looks from.
    const expensesAt = async (iso: string) => {
      clock.advance(Date.parse(iso) - clock.now().getTime());
      const login = await t().app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: GOOD_PASSWORD },
      });
      return (await fund.getFund(login.json().data.access_token)).json().data.monthly_expenses;
    };
    expect(await expensesAt('2026-12-01T03:00:00Z')).toBe(2500);
    expect(await expensesAt('2026-12-01T05:00:00Z')).toBe(3500); // midnight in New York
  });
});
