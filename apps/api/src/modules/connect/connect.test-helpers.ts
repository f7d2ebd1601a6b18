import { bearer, register } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/test-app.ts';

/** Requests of the advisor connect API, as the web app makes them, for the module's tests. */

export const BASE = '/api/v1/user-connect';

export const REQUEST = {
  professionals_need: ['Financial Advisor', 'Accountant'],
  has_working_professional: true,
  satisfaction_level: 'dissatisfied',
};

export function connectRequests(t: () => TestApp) {
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', payload?: unknown) =>
    t().app.inject({
      method,
      url: BASE,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (token: string) => call(token, 'GET'),
    create: (token: string, body: unknown = REQUEST) => call(token, 'POST', body),
    update: (token: string, body: unknown = REQUEST) => call(token, 'PUT', body),
    /** A new user, signed in. */
    async user() {
      const { session, body } = await register(t());
      return { token: session.access_token, userId: session.user.id, email: body.email };
    },
  };
}
