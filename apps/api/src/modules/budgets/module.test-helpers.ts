import { userBudgets } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { aBudget, asUser, bBudget, bDebts, before, type MatrixRow } from '../../../test/harness/access-matrix.ts';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';

/** The budgets's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/user-budgets/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.map((b: { month: string }) => b.month)).toEqual([bBudget.month]),
  },
  'GET /api/v1/user-budgets/prefill': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.debt_payments).toBe(bDebts[0]?.monthly_payment_amount),
  },
  // A's month names a budget only A has: B can not copy it (404 naming copy_from), and gets no month.
  'POST /api/v1/user-budgets/': {
    access: 'own',
    send: () => ({ body: { month: '2026-12', copy_from: aBudget.month } }),
    status: 404,
  },
  'PUT /api/v1/user-budgets/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.budgets[0].id }, body: { ...bBudget, version: before.budgets[0].version } }),
    status: 404,
    control: async (p) => {
      const own = (await asUser(p.b, 'GET', '/api/v1/user-budgets'))[0];
      return { params: { id: own.id }, body: { ...bBudget, version: own.version } };
    },
  },
  'DELETE /api/v1/user-budgets/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.budgets[0].id } }),
    status: 404,
    // B deletes a second month of B's own, so B's list is what the other rows expect.
    control: async (p) => {
      const made = await asUser(p.b, 'POST', '/api/v1/user-budgets', { ...bBudget, month: '2026-01' });
      return { params: { id: made.id } };
    },
  },
  // Budgets by pay period: B's own settings and period; nothing of A's is named or shown.
  'GET /api/v1/budgets/settings': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect([[], ['Rent']]).toContainEqual(res.json().data.rollover_categories),
  },
  'PUT /api/v1/budgets/settings': {
    access: 'own',
    send: () => ({
      body: {
        period: 'pay_period',
        cadence: { every: 'two_weeks', payday: '2026-11-20' },
        rollover_categories: ['Rent'],
        version: 1,
      },
    }),
    status: 200,
    check: (_p, res) => expect(res.json().data.rollover_from).toBe('2026-11-20'),
  },
  'GET /api/v1/budgets/period': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      expect(res.json().data.budget_month).toBe(bBudget.month);
      expect(res.json().data.categories.map((c: { name: string }) => c.name)).toContain('Rent');
    },
  },
};

/** The budgets' part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  matrix,
  owned: [
    {
      name: 'budget_id',
      paths: [{ route: /\/user-budgets\/\{id\}/, param: 'id' }],
      make: async (send) => {
        await must(
          send('POST', '/api/v1/user-budgets', {
            month: '2026-11',
            net_income: 4_000,
            categories: [{ name: 'Rent', group: 'needs', planned: 1_500, preset: 'housing' }],
          }),
        );
      },
      read: (t, userId) =>
        newest(
          t.database.db.select({ id: userBudgets.id }).from(userBudgets).where(eq(userBudgets.userId, userId)).limit(1),
        ),
    },
  ],
};
