import { bearer, register } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { BASE as FUND_BASE } from '../emergency-fund/testing.ts';
import { BASE as INVESTMENT_BASE } from '../investments/testing.ts';
import { BASE as GOAL_BASE } from '../lifestyle-goals/testing.ts';

/** Requests of the Money Nest's API, as the web app makes them, for the module's tests. */

export const BASE = '/api/v1/nest';
/** The test clock's day (21 Nov 2026, New York). */
export const TODAY = '2026-11-21';

/** $1,000 saved towards targets of $12,000 (3 months) and $24,000. */
const FUND = {
  is_saving: true,
  saved_amount: 1000,
  monthly_income: 4000,
  monthly_saving: 200,
  monthly_saving_want: 500,
};
/** $600 of $6,000: its milestones are at $1,500, $3,000 and $4,500. */
const GOAL = { name: 'Japan trip', kind: 'travel', target_amount: 6000, saved_amount: 600, horizon_years: 1 };
const PROFILE = {
  birth_year: 1986,
  retirement_age: 65,
  accounts: [
    { name: 'Roth IRA', kind: 'roth_ira', balance: 12000, monthly_contribution: 200, expected_return_percent: 6 },
  ],
};

export const income = (amount: number, source = 'Paycheck', date = TODAY) => ({ amount, date, source });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function nestRequests(t: () => TestApp) {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** The answer's data, failing the test on anything but 2xx. */
  const ok = async (res: ReturnType<typeof call>) => {
    const r = await res;
    if (r.statusCode >= 300) throw new Error(`refused: ${r.statusCode} ${r.body}`);
    return r.json().data;
  };
  const api = {
    call,
    ok,
    get: (token: string) => call(token, 'GET', BASE),
    activate: (token: string) => call(token, 'POST', `${BASE}/activate`),
    saveRules: (token: string, rules: unknown, version: unknown) =>
      call(token, 'PUT', `${BASE}/allocation`, { rules, version }),
    deposit: (token: string, body: unknown) => call(token, 'POST', `${BASE}/deposits`, body),
    reverse: (token: string, id: string) => call(token, 'POST', `${BASE}/deposits/${id}/reverse`),
    entries: (token: string, query = '') => call(token, 'GET', `${BASE}/entries${query}`),
    fund: (token: string) => ok(call(token, 'GET', FUND_BASE)),
    fundEntries: (token: string) => ok(call(token, 'GET', `${FUND_BASE}/entries`)),
    goal: (token: string, id: string) => ok(call(token, 'GET', `${GOAL_BASE}/${id}`)),
    goalEntries: (token: string, id: string) => ok(call(token, 'GET', `${GOAL_BASE}/${id}/entries`)),
    investment: (token: string) => ok(call(token, 'GET', INVESTMENT_BASE)),
    async newUser() {
      const { session } = await register(t());
      return { token: session.access_token, userId: session.user.id };
    },
    /**
     * A user with an emergency fund ($1,000), a goal ($600 of $6,000), an investment account
     * ($12,000) and the Nest active, with no rules yet.
     */
    async userWithTargets() {
      const user = await api.newUser();
      await ok(call(user.token, 'POST', FUND_BASE, FUND));
      const goal = await ok(call(user.token, 'POST', GOAL_BASE, GOAL));
      const investment = await ok(call(user.token, 'POST', INVESTMENT_BASE, PROFILE));
      const nest = await ok(api.activate(user.token));
      return { ...user, goalId: goal.id as string, accountId: investment.accounts[0].id as string, nest };
    },
    /** The issue's rules: 20 % to the emergency fund and $300 fixed to the goal, the rest to the Wallet. */
    async userWithIssueRules() {
      const user = await api.userWithTargets();
      const rules = [
        { bucket: 'emergency_fund', kind: 'percent', value: 20 },
        { bucket: 'goal', target_id: user.goalId, kind: 'fixed', value: 300 },
      ];
      const nest = await ok(api.saveRules(user.token, rules, user.nest.rules_version));
      return { ...user, nest };
    },
  };
  return api;
}

/** The balance of each bucket by name, as GET /v1/nest gives it. */
export const balances = (nest: { buckets: { name: string; balance: number }[] }) =>
  Object.fromEntries(nest.buckets.map((b) => [b.name, b.balance]));
