import { ledgerAccounts, ledgerJournals, userDebts } from '@helo/db/schema';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { aLoan, asUser, bDebts, before, loanRef, type MatrixRow } from '../../../test/harness/access-matrix.ts';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';
import type { TestApp } from '../../../test/test-app.ts';

const loanOf = (t: TestApp, userId: string) =>
  newest(t.database.db.select({ id: userDebts.id }).from(userDebts).where(eq(userDebts.userId, userId)).limit(1));

/** The loans's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/user-debts/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.map((d: { debt_id: number }) => d.debt_id)).toEqual([3]),
  },
  // A whole-list save names saved loans by the `id` of a row: A's loan there is a 404, like a path id.
  'POST /api/v1/user-debts/': {
    access: 'by-id',
    send: () => ({ body: { debts: [{ ...bDebts[0], ...aLoan() }] } }),
    status: 404,
    control: async (p) => ({ body: { debts: [{ ...bDebts[0], ...(await loanRef(p.b, 0)) }] } }),
  },
  // The spec's client: rows without ids.
  'PUT /api/v1/user-debts/': { access: 'own', send: () => ({ body: { debts: bDebts } }), status: 200 },
  'PUT /api/v1/user-debts/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: aLoan().id }, body: { ...bDebts[0], version: aLoan().version } }),
    status: 404,
    control: async (p) => {
      const { id, version } = await loanRef(p.b, 0);
      return { params: { id }, body: { ...bDebts[0], version } };
    },
  },
  'DELETE /api/v1/user-debts/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: aLoan().id } }),
    status: 404,
    // B deletes a second loan of B's own, so B's list is what the other rows expect afterwards.
    control: async (p) => {
      await asUser(p.b, 'PUT', '/api/v1/user-debts', { debts: [...bDebts, { ...bDebts[0], debt_id: 5 }] });
      return { params: { id: (await loanRef(p.b, 1)).id } };
    },
  },
  'GET /api/v1/user-debts/{id}/payments': {
    access: 'by-id',
    send: () => ({ params: { id: aLoan().id } }),
    status: 404,
    control: async (p) => ({ params: { id: (await loanRef(p.b, 0)).id } }),
  },
  // A's loan from B's own savings: the loan is not B's (404), whatever the account.
  'POST /api/v1/user-debts/{id}/payments': {
    access: 'by-id',
    send: () => ({ params: { id: aLoan().id }, body: { amount: 10, date: '2026-11-21' } }),
    status: 404,
    control: async (p) => ({ params: { id: (await loanRef(p.b, 0)).id }, body: { amount: 10, date: '2026-11-21' } }),
    controlStatus: 201,
  },
  'DELETE /api/v1/user-debts/{id}/payments/{paymentId}': {
    access: 'by-id',
    send: () => ({ params: { id: aLoan().id, paymentId: before.loanPayments[0].id } }),
    status: 404,
    // B undoes a payment of B's own loan, recorded for the purpose.
    control: async (p) => {
      const { id } = await loanRef(p.b, 0);
      const { payment } = await asUser(p.b, 'POST', `/api/v1/user-debts/${id}/payments`, {
        amount: 5,
        date: '2026-11-21',
      });
      return { params: { id, paymentId: payment.id } };
    },
  },
};

/** The loans' part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  matrix,
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
