import { userBudgets } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';

/** The budgets' part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
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
