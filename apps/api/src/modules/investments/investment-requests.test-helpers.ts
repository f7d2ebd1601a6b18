import { bearer, GOOD_PASSWORD, register } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/test-app.ts';

/** Requests of the investments' API, as the web app makes them, for the module's tests. */

export const BASE = '/api/v1/user-investment';

/** The test clock's day is 21 Nov 2026 (noon UTC, 7 am in New York): born in 1986, the user is 40. */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const TODAY = '2026-11-21';

export const K401 = {
  name: 'Work 401k',
  kind: '401k',
  balance: 50000,
  monthly_contribution: 500,
  employer_monthly_contribution: 250,
  expected_return_percent: 7,
};
export const ROTH = {
  name: 'Roth IRA',
  kind: 'roth_ira',
  balance: 12000.5,
  monthly_contribution: 200,
  expected_return_percent: 6.5,
};
export const PROFILE = { birth_year: 1986, retirement_age: 65, accounts: [K401, ROTH] };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AccountAnswer {
  id: string;
  name: string;
  balance: number;
  version: number;
  snapshots: { date: string; balance: number }[];
}

export function investmentRequests(t: () => TestApp) {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url: `${BASE}${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const api = {
    call,
    get: (token: string) => call(token, 'GET', ''),
    create: (token: string, body: unknown = PROFILE) => call(token, 'POST', '', body),
    update: (token: string, body: unknown) => call(token, 'PUT', '', body),
    addAccount: (token: string, body: unknown) => call(token, 'POST', '/accounts', body),
    updateAccount: (token: string, id: string, body: unknown) => call(token, 'PUT', `/accounts/${id}`, body),
    deleteAccount: (token: string, id: string, version?: number) =>
      call(token, 'DELETE', `/accounts/${id}${version === undefined ? '' : `?version=${version}`}`),
    /** A fresh access token: one lasts 15 minutes, and the snapshot tests move the clock by days. */
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
    /** A new user, signed in, with a profile made from `body`. */
    async userWithProfile(body: unknown = PROFILE) {
      const user = await api.newUser();
      const res = await call(user.token, 'POST', '', body);
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
      const data = res.json().data;
      return { ...user, investment: data, accounts: data.accounts as AccountAnswer[] };
    },
    /** Writes and answers the profile as it now stands; fails the test on anything but 2xx. */
    async ok(res: Promise<{ statusCode: number; body: string; json: () => { data: unknown } }>) {
      const r = await res;
      if (r.statusCode >= 300) throw new Error(`refused: ${r.statusCode} ${r.body}`);
      return r.json().data as { accounts: AccountAnswer[]; version: number; total_balance: number };
    },
  };
  return api;
}

/** The account's form as the page sends it back, with changes. */
export const accountForm = (
  account: AccountAnswer & Record<string, unknown>,
  changes: Record<string, unknown> = {},
) => ({
  name: account.name,
  kind: account.kind,
  balance: account.balance,
  monthly_contribution: account.monthly_contribution,
  employer_monthly_contribution: account.employer_monthly_contribution,
  expected_return_percent: account.expected_return_percent,
  version: account.version,
  ...changes,
});
