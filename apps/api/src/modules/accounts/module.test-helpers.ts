import { ledgerAccounts } from '@helo/db/schema';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { ACCOUNTS, aSavings, asUser, type MatrixRow, savings } from '../../../test/harness/access-matrix.ts';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';

/** The accounts's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/accounts/': {
    access: 'own',
    status: 200,
    check: (_p, res) =>
      expect(res.json().data.map((x: { name: string }) => x.name)).toEqual(['Wallet', 'from B savings']),
  },
  'POST /api/v1/accounts/': {
    access: 'own',
    send: () => ({ body: { kind: 'cash', name: 'from B jar' } }),
    status: 201,
    check: (_p, res) => expect(res.json().data).toMatchObject({ name: 'from B jar', balance: 0 }),
  },
  'PUT /api/v1/accounts/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: aSavings().id }, body: { ...savings('from B'), version: aSavings().version } }),
    status: 404,
    control: async (p) => {
      const own = (await asUser(p.b, 'GET', ACCOUNTS)).find((x: { name: string }) => x.name === 'from B savings');
      return { params: { id: own.id }, body: { ...savings('from B savings'), version: own.version } };
    },
  },
  'DELETE /api/v1/accounts/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: aSavings().id } }),
    status: 404,
    control: async (p) => ({
      params: {
        id: (await asUser(p.b, 'POST', ACCOUNTS, { kind: 'cash', name: `from B, deleted ${Math.random()}` })).id,
      },
    }),
  },
};

/** The accounts' part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  matrix,
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
