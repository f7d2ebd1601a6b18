import { ledgerAccounts, ledgerJournals, userDebts } from '@helo/db/schema';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';
import type { TestApp } from '../../../test/test-app.ts';

const loanOf = (t: TestApp, userId: string) =>
  newest(t.database.db.select({ id: userDebts.id }).from(userDebts).where(eq(userDebts.userId, userId)).limit(1));

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
      read: loanOf,
    },
    {
      name: 'loan_payment_id',
      paths: [{ route: /\/user-debts\/\{id\}\/payments\/\{paymentId\}/, param: 'paymentId' }],
      make: async (send, ids) => {
        if (!ids.loan_id) return;
        // From an account not in Helo, dated today on the test clock (a loan takes none before it was added).
        await must(send('POST', `/api/v1/user-debts/${ids.loan_id}/payments`, { amount: 10, date: '2026-11-21' }));
      },
      // A live payment of the loan read as loan_id (its journal is kept by the loan's account), so an undo can succeed.
      read: async (t, userId) => {
        const loanId = await loanOf(t, userId);
        if (!loanId) return undefined;
        return newest(
          t.database.db
            .select({ id: ledgerJournals.groupId })
            .from(ledgerJournals)
            .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerJournals.externalAccountId))
            .where(
              and(
                eq(ledgerJournals.userId, userId),
                eq(ledgerJournals.kind, 'loan.payment'),
                eq(ledgerAccounts.subjectId, loanId),
                isNull(ledgerJournals.reversedById),
                isNull(ledgerJournals.reversesId),
              ),
            )
            .orderBy(desc(ledgerJournals.createdAt))
            .limit(1),
        );
      },
    },
  ],
};
