import { investmentAccounts } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  asUser,
  bAccount,
  before,
  bInvestment,
  bOwnAccount,
  INVESTMENT,
  type MatrixRow,
} from '../../../test/harness/access-matrix.ts';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';

const fuzzAccount = {
  name: 'Fuzz 401(k)',
  kind: '401k',
  balance: 20_000,
  monthly_contribution: 300,
  employer_monthly_contribution: 150,
  expected_return_percent: 6,
};

/** The investments's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/user-investment/': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      const names = res.json().data.accounts.map((a: { name: string }) => a.name);
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((n: string) => n.startsWith('B '))).toBe(true);
    },
  },
  // B has a profile already: a second is a 409, and A's is not touched.
  'POST /api/v1/user-investment/': { access: 'own', send: () => ({ body: bInvestment }), status: 409 },
  // Only this row changes B's profile, so B's version is still the first.
  'PUT /api/v1/user-investment/': {
    access: 'own',
    send: () => ({ body: { birth_year: 1991, retirement_age: 66, version: 1 } }),
    status: 200,
    check: (_p, res) => expect(res.json().data).toMatchObject({ birth_year: 1991, retirement_age: 66 }),
  },
  'POST /api/v1/user-investment/accounts': {
    access: 'own',
    send: () => ({ body: { ...bAccount, name: 'B added' } }),
    status: 201,
    check: (_p, res) => expect(res.json().data.accounts.map((a: { name: string }) => a.name)).toContain('B added'),
  },
  'PUT /api/v1/user-investment/accounts/{id}': {
    access: 'by-id',
    send: () => {
      const { id, version } = before.investment.accounts[0];
      return { params: { id }, body: { ...bAccount, balance: 1, version } };
    },
    status: 404,
    control: async (p) => {
      const { id, version } = await bOwnAccount(p);
      return { params: { id }, body: { ...bAccount, version } };
    },
  },
  'DELETE /api/v1/user-investment/accounts/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.investment.accounts[0].id } }),
    status: 404,
    // B deletes a second account of B's own, so B keeps the one the other rows use.
    control: async (p) => {
      const made = await asUser(p.b, 'POST', `${INVESTMENT}/accounts`, { ...bAccount, name: 'B spare' });
      return { params: { id: made.accounts.at(-1).id } };
    },
  },
};

/** The investments' part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  matrix,
  owned: [
    {
      name: 'investment_account_id',
      paths: [{ route: /\/user-investment\/accounts\/\{id\}/, param: 'id' }],
      make: async (send) => {
        // The profile comes with its first account; once it exists, an account is added to it.
        const setup = await send('POST', '/api/v1/user-investment', {
          birth_year: 1990,
          retirement_age: 67,
          accounts: [fuzzAccount],
        });
        if (setup.statusCode === 409) await must(send('POST', '/api/v1/user-investment/accounts', fuzzAccount));
        else if (setup.statusCode >= 500) throw new Error(`making a fuzz record failed: ${setup.body}`);
      },
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: investmentAccounts.id })
            .from(investmentAccounts)
            .where(eq(investmentAccounts.userId, userId))
            .limit(1),
        ),
    },
  ],
};
