import { emergencyFunds } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { bearer, register } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/test-app.ts';

/** Requests of the emergency fund's API, as the web app makes them, for the module's tests. */

export const BASE = '/api/v1/user-emergency-fund';

/** Targets of $12,000 (3 months) and $24,000 (6 months), $1,000 saved: 8.33 %. */
export const SETUP = {
  is_saving: true,
  saved_amount: 1000,
  monthly_income: 4000,
  monthly_saving: 200,
  monthly_saving_want: 500,
};

export function fundRequests(t: () => TestApp) {
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url: `${BASE}${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    getFund: (token: string) => call(token, 'GET', ''),
    createFund: (token: string, body: unknown = SETUP) => call(token, 'POST', '', body),
    updateFund: (token: string, body: unknown) => call(token, 'PUT', '', body),
    addEntry: (token: string, body: unknown) => call(token, 'POST', '/entries', body),
    listEntries: (token: string, query = '') => call(token, 'GET', `/entries${query}`),
    deleteEntry: (token: string, id: string) => call(token, 'DELETE', `/entries/${id}`),
    /**
     * A new user, signed in, with a fund set up from `body`: now (the test clock's), or on `setUpOn`
     * (noon in New York) or at the instant `setUpAt`, for a test whose entries are dated earlier.
     */
    async userWithFund(body: unknown = SETUP, { setUpOn, setUpAt }: { setUpOn?: string; setUpAt?: string } = {}) {
      const { session, body: account } = await register(t());
      const res = await call(session.access_token, 'POST', '', body);
      if (res.statusCode !== 201) throw new Error(`setup failed: ${res.statusCode} ${res.body}`);
      const at = setUpAt ?? (setUpOn ? `${setUpOn}T12:00:00-05:00` : undefined);
      if (at) {
        await t()
          .database.db.update(emergencyFunds)
          .set({ createdAt: new Date(at) })
          .where(eq(emergencyFunds.userId, session.user.id));
      }
      return { token: session.access_token, userId: session.user.id, email: account.email, fund: res.json().data };
    },
  };
}
