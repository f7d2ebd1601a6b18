import { createApiClient } from '../lib/api-client.ts';
import { SessionStore } from '../lib/session-store.ts';

/**
 * The real API client on a test's fake server (`fetch`), so its answers are checked against the
 * contract as in the browser; for a `vi.mock('…/lib/auth.ts')`. No refresh: a test that needs a
 * signed-in user passes a `store` holding the session.
 */
export function testApiClient(
  fetch: (url: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
  store: SessionStore = new SessionStore(localStorage),
) {
  return createApiClient({
    store,
    onSessionEnded: () => undefined,
    fetch: fetch as typeof globalThis.fetch,
    loadSessionSchema: () => Promise.reject(new Error('no refresh in these tests')),
  });
}

/** The user of a test that needs one signed in. */
export const TEST_USER = {
  id: 'u1',
  first_name: 'Sam',
  last_name: 'Rivera',
  email: 'sam@example.com',
  email_verified: true,
};

/** A session store holding TEST_USER's session, as just after signing in. */
export function signedInStore(): SessionStore {
  const store = new SessionStore(localStorage);
  store.set({ access_token: 'a', expires_in: 900_000, user: TEST_USER, timestamp: Date.now() });
  return store;
}
