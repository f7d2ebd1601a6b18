import { userDebts } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';

/** The loans' part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  owned: [
    {
      name: 'loan_id',
      paths: [{ route: /\/user-debts\/\{id\}/, param: 'id' }],
      make: async (send) => {
        await must(
          send('POST', '/api/v1/user-debts', {
            debts: [
              {
                debt_id: 1,
                initial_loan_amount: 12_000,
                outstanding_balance: 8_000,
                monthly_payment_amount: 250,
                interest_rate: 6.5,
                due_date: '2026-12-01',
              },
            ],
          }),
        );
      },
      read: (t, userId) =>
        newest(t.database.db.select({ id: userDebts.id }).from(userDebts).where(eq(userDebts.userId, userId)).limit(1)),
    },
  ],
};
