import { ledgerAccounts } from '@helo/db/schema';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';

/** The accounts' part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  owned: [
    {
      name: 'account_id',
      paths: [{ route: /\/v1\/accounts\/\{id\}/, param: 'id' }],
      make: async (send) => {
        // A name already taken (the fuzzer's own account) is a 400, and that account is still there to find.
        await must(send('POST', '/api/v1/nest/activate', {}));
        await must(
          send('POST', '/api/v1/accounts', {
            kind: 'savings',
            name: 'Fuzz savings',
            opening_balance: 100,
            opening_date: '2026-11-20',
          }),
        );
      },
      // An open account of the user's own, not the Wallet (which can not be deleted).
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: ledgerAccounts.id })
            .from(ledgerAccounts)
            .where(
              and(
                eq(ledgerAccounts.userId, userId),
                inArray(ledgerAccounts.kind, ['checking', 'savings', 'credit_card', 'cash']),
                isNull(ledgerAccounts.closedAt),
                isNull(ledgerAccounts.subjectId),
              ),
            )
            .orderBy(desc(ledgerAccounts.createdAt))
            .limit(1),
        ),
    },
  ],
};
