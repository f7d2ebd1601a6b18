import { expect } from 'vitest';
import { asUser, before, bFund, fundDeposit, type MatrixRow } from '../../../test/harness/access-matrix.ts';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';
import { potEntries } from '../savings-pot/testing.ts';

/** The emergency fund's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/user-emergency-fund/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.monthly_income).toBe(bFund.monthly_income),
  },
  // B has a fund already: a second is a 409, and A's is not touched.
  'POST /api/v1/user-emergency-fund/': { access: 'own', send: () => ({ body: bFund }), status: 409 },
  'PUT /api/v1/user-emergency-fund/': {
    access: 'own',
    send: () => ({ body: bFund }),
    status: 200,
    check: (_p, res) => expect(res.json().data.monthly_income).toBe(bFund.monthly_income),
  },
  'GET /api/v1/user-emergency-fund/entries': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.length).toBeGreaterThan(0),
  },
  'POST /api/v1/user-emergency-fund/entries': {
    access: 'own',
    send: () => ({ body: { kind: 'deposit', amount: 5, date: '2026-11-21', note: 'from B' } }),
    status: 201,
  },
  'DELETE /api/v1/user-emergency-fund/entries/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.fundEntries[0].id } }),
    status: 404,
    control: async (p) => {
      const made = await asUser(p.b, 'POST', '/api/v1/user-emergency-fund/entries', fundDeposit(1, 'B deletes'));
      return { params: { id: made.entry.id } };
    },
  },
};

/** The emergency fund's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  matrix,
  owned: [
    {
      name: 'fund_entry_id',
      paths: [{ route: /\/user-emergency-fund\/entries\/\{id\}/, param: 'id' }],
      make: async (send) => {
        // A second setup is a 409 once the fund exists; the deposit then goes into it.
        await send('POST', '/api/v1/user-emergency-fund', {
          is_saving: true,
          saved_amount: 500,
          monthly_income: 4_000,
          monthly_saving: 100,
          monthly_saving_want: 200,
        });
        await must(
          // Today on the test clock: a fund takes no entry dated before the day it was set up.
          send('POST', '/api/v1/user-emergency-fund/entries', { kind: 'deposit', amount: 50, date: '2026-11-21' }),
        );
      },
      read: (t, userId) => newest(potEntries(t, userId, 'emergency_fund')),
    },
  ],
};
