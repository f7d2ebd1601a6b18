import { bearer, register } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { BASE as BUDGETS } from '../budgets/testing.ts';
import { BASE as NEST } from '../nest/testing.ts';

/** Requests of My Wallet's API, as the web app makes them, for the module's tests. */

export const BASE = '/api/v1/wallet';
export const ACCOUNTS = '/api/v1/accounts';
/** The test clock's day (21 Nov 2026, New York). */
export const TODAY = '2026-11-21';

/** November 2026's budget: three categories in this order. */
export const NOVEMBER_BUDGET = {
  month: '2026-11',
  net_income: 4000,
  categories: [
    { name: 'Housing', group: 'needs', planned: 1500, preset: 'housing' },
    { name: 'Food', group: 'needs', planned: 400.5 },
    { name: 'Dining Out', group: 'wants', planned: 120 },
  ],
};

export const spend = (amount: number, payee: string, extra: Record<string, unknown> = {}) => ({
  date: TODAY,
  payee,
  amount,
  ...extra,
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function walletRequests(t: () => TestApp) {
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
    list: (token: string, query = '') => call(token, 'GET', `${BASE}/transactions${query}`),
    add: (token: string, body: unknown) => call(token, 'POST', `${BASE}/transactions`, body),
    save: (token: string, id: string, body: unknown) => call(token, 'PUT', `${BASE}/transactions/${id}`, body),
    remove: (token: string, id: string) => call(token, 'DELETE', `${BASE}/transactions/${id}`),
    summary: (token: string, query = '') => call(token, 'GET', `${BASE}/summary${query}`),
    /** The user's accounts (the Wallet first). */
    accounts: async (token: string) => (await ok(call(token, 'GET', ACCOUNTS))) as { id: string; name: string }[],
    addAccount: (token: string, body: Record<string, unknown>) => call(token, 'POST', ACCOUNTS, body),
    budget: (token: string, body: unknown = NOVEMBER_BUDGET) => ok(call(token, 'POST', BUDGETS, body)),
    deposit: (token: string, amount: number, date = TODAY) =>
      ok(call(token, 'POST', `${NEST}/deposits`, { amount, date, source: 'Paycheck' })),
    async newUser() {
      const { session } = await register(t());
      return { token: session.access_token, userId: session.user.id };
    },
    /** A new user with the Money Nest (and so My Wallet) active. */
    async activeUser() {
      const user = await api.newUser();
      await ok(call(user.token, 'POST', `${NEST}/activate`));
      return user;
    },
    /** Every page of the list for `query`, following `next_cursor`. */
    async allPages(token: string, query = '', limit = 2) {
      const pages: { id: string; payee: string; date: string }[][] = [];
      let cursor: string | null = null;
      do {
        const params = new URLSearchParams(query);
        params.set('limit', String(limit));
        if (cursor) params.set('cursor', cursor);
        const res = await api.list(token, `?${params}`);
        if (res.statusCode !== 200) throw new Error(`page refused: ${res.statusCode} ${res.body}`);
        const body = res.json();
        pages.push(body.data);
        cursor = body.next_cursor;
      } while (cursor && pages.length < 1000);
      return pages;
    },
  };
  return api;
}

/** The paths a 400 names. */
export const errorPaths = (res: { json(): unknown }) =>
  ((res.json() as { errors?: { path: string }[] }).errors ?? []).map((e) => e.path);
