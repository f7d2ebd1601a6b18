import { bearer, register } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/test-app.ts';

/** Requests of the budgets API, as the web app makes them, for the module's tests. */

export const BASE = '/api/v1/user-budgets';

/**
 * November 2026 on a $4,250.00 income. Needs 1,500 + 420.50 + 525 = $2,445.50, wants 180.25 +
 * 99.99 = $280.24, savings $600: $3,325.74 planned, $924.26 left over.
 */
export const NOVEMBER = {
  month: '2026-11',
  net_income: 4250,
  categories: [
    { name: 'Housing', group: 'needs', planned: 1500, preset: 'housing' },
    { name: 'Food', group: 'needs', planned: 420.5, preset: 'food' },
    { name: 'Debt payments', group: 'needs', planned: 525, preset: 'debt_payments' },
    { name: 'Entertainment', group: 'wants', planned: 180.25, preset: 'entertainment' },
    { name: 'Climbing gym', group: 'wants', planned: 99.99 },
    { name: 'Savings', group: 'savings', planned: 600, preset: 'savings' },
  ],
};

export function budgetRequests(t: () => TestApp) {
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url: `${BASE}${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    list: (token: string) => call(token, 'GET', ''),
    prefill: (token: string) => call(token, 'GET', '/prefill'),
    create: (token: string, body: unknown = NOVEMBER) => call(token, 'POST', '', body),
    update: (token: string, id: string, body: unknown) => call(token, 'PUT', `/${id}`, body),
    remove: (token: string, id: string, query = '') => call(token, 'DELETE', `/${id}${query}`),
    async newUser() {
      const { session } = await register(t());
      return { token: session.access_token, userId: session.user.id };
    },
    /** A new user, signed in, with the budget `body` saved. */
    async userWithBudget(body: unknown = NOVEMBER) {
      const user = await this.newUser();
      const res = await call(user.token, 'POST', '', body);
      if (res.statusCode !== 201) throw new Error(`setup failed: ${res.statusCode} ${res.body}`);
      return { ...user, budget: res.json().data };
    },
  };
}

/** The paths a 400 names. */
export const errorPaths = (res: { json(): unknown }) =>
  ((res.json() as { errors?: { path: string }[] }).errors ?? []).map((e) => e.path);
