/** Users the bench signs up (once) and the loans the web app's form saves for them. */

import { verifyOverHttp } from '../test/verify-over-http.ts';

export interface BenchUser {
  email: string;
  token: string;
}

export const PASSWORD = 'benchmark-passphrase-1';

export function debtsBody(seed: number) {
  return {
    debts: [1, 2, 3].map((debtId, i) => ({
      debt_id: debtId,
      initial_loan_amount: 20_000 + seed * 10 + i,
      outstanding_balance: 12_000 + seed + i,
      monthly_payment_amount: 350 + i,
      interest_rate: 4.5 + i,
      due_date: '2026-12-15',
    })),
  };
}

async function call(url: string, method: string, path: string, body?: unknown, token?: string): Promise<unknown> {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * The API at `url` as one signed-in user sees it: each call sends JSON and answers the envelope's
 * `data`, or throws naming the route and the status (a bench that seeds a user's areas).
 */
export function callsAs(url: string, token: string) {
  return async (method: string, path: string, body?: unknown) =>
    ((await call(url, method, path, body, token)) as { data: Record<string, unknown> }).data;
}

/**
 * Registers and verifies `count` users (the verified browser's session is the one the load uses)
 * and saves three loans for each. A few at a time: password hashing is the slow part.
 */
export async function signUpUsers(url: string, count: number, tag: string): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  const run = Date.now().toString(36);
  let next = 0;
  async function worker() {
    while (next < count) {
      const i = next++;
      const email = `bench.${tag}.${run}.${i}@example.com`;
      const reg = (await call(url, 'POST', '/v1/auth/register', {
        first_name: 'Bench',
        last_name: `User${i}`,
        email,
        password: PASSWORD,
      })) as { data: { refresh_token: string } };
      // Feature routes need a verified email; the verification answers this browser's new session.
      const token = await verifyOverHttp(url, email, reg.data.refresh_token);
      await call(url, 'PUT', '/v1/user-debts', debtsBody(i), token);
      users[i] = { email, token };
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker));
  return users;
}
