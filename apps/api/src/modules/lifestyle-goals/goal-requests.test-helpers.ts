import { bearer, GOOD_PASSWORD, register } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/test-app.ts';

/** Requests of the lifestyle goals' API, as the web app makes them, for the module's tests. */

export const BASE = '/api/v1/user-lifestyle-saving';

/**
 * $600 of $6,000 in a year from 21 Nov 2026 (the test clock), no interest: $450 a month for 12
 * months, target day 21 Nov 2027. 25 % is $1,500, 50 % $3,000, 75 % $4,500.
 */
export const GOAL = {
  name: 'Japan trip',
  kind: 'travel',
  target_amount: 6000,
  saved_amount: 600,
  horizon_years: 1,
};

/** The test clock's day is 21 Nov 2026 (noon UTC, 7 am in New York). */
export const DAY_MS = 24 * 60 * 60 * 1000;

export function goalRequests(t: () => TestApp) {
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url: `${BASE}${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const api = {
    call,
    listGoals: (token: string) => call(token, 'GET', ''),
    getGoal: (token: string, id: string) => call(token, 'GET', `/${id}`),
    createGoal: (token: string, body: unknown = GOAL) => call(token, 'POST', '', body),
    updateGoal: (token: string, id: string, body: unknown) => call(token, 'PUT', `/${id}`, body),
    deleteGoal: (token: string, id: string) => call(token, 'DELETE', `/${id}`),
    addEntry: (token: string, goalId: string, body: unknown) => call(token, 'POST', `/${goalId}/entries`, body),
    listEntries: (token: string, goalId: string, query = '') => call(token, 'GET', `/${goalId}/entries${query}`),
    deleteEntry: (token: string, goalId: string, entryId: string) =>
      call(token, 'DELETE', `/${goalId}/entries/${entryId}`),
    /** A fresh access token: one lasts 15 minutes, and the tests of plans over time move the clock by days. */
    async signIn(email: string): Promise<string> {
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: GOOD_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json().data.access_token;
    },
    async newUser() {
      const { session, body } = await register(t());
      return { token: session.access_token, userId: session.user.id, email: body.email };
    },
    /** A new user, signed in, with one goal made from `body`. */
    async userWithGoal(body: unknown = GOAL) {
      const user = await api.newUser();
      const res = await call(user.token, 'POST', '', body);
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
      return { ...user, goal: res.json().data };
    },
    /** Records an entry and answers the goal as it now stands; fails the test on anything but 201. */
    async entry(token: string, goalId: string, body: unknown) {
      const res = await call(token, 'POST', `/${goalId}/entries`, body);
      if (res.statusCode !== 201) throw new Error(`entry refused: ${res.statusCode} ${res.body}`);
      return res.json().data as {
        entry: { id: string; amount: number };
        goal: Record<string, unknown> & { version: number };
      };
    },
  };
  return api;
}

export const deposit = (amount: number, date = '2026-11-21', note?: string) => ({
  kind: 'deposit',
  amount,
  date,
  note,
});
export const withdrawal = (amount: number, date = '2026-11-21', note?: string) => ({
  kind: 'withdrawal',
  amount,
  date,
  note,
});
