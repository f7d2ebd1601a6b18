import { ledgerJournals } from '@helo/db/schema';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { asUser, before, type MatrixRow, NEST, nestIncome } from '../../../test/harness/access-matrix.ts';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';

/** The Nest's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/nest/': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      const sources = res.json().data.deposits.map((d: { source: string }) => d.source);
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.every((s: string) => s.startsWith('from B'))).toBe(true);
    },
  },
  // B's Nest is active already: again is a 200, and A's is not touched.
  'POST /api/v1/nest/activate': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.active).toBe(true),
  },
  // Only this row changes B's rules, so B's version is still the first.
  'PUT /api/v1/nest/allocation': {
    access: 'own',
    send: () => ({ body: { rules: [{ bucket: 'wallet', kind: 'fixed', value: 5 }], version: 1 } }),
    status: 200,
    check: (_p, res) => expect(res.json().data.rules).toHaveLength(1),
  },
  'POST /api/v1/nest/deposits': {
    access: 'own',
    send: () => ({ body: nestIncome(5, 'from B') }),
    status: 201,
    check: (_p, res) => expect(res.json().data.deposit.source).toBe('from B'),
  },
  'POST /api/v1/nest/deposits/{id}/reverse': {
    access: 'by-id',
    send: () => ({ params: { id: before.nest.deposits[0].id } }),
    status: 404,
    control: async (p) => ({
      params: { id: (await asUser(p.b, 'POST', `${NEST}/deposits`, nestIncome(1, 'from B'))).deposit.id },
    }),
  },
  'GET /api/v1/nest/entries': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.length).toBeGreaterThan(0),
  },
  // B's own bucket; A's rate is not touched (A's snapshot).
  'GET /api/v1/nest/loan-bucket': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.active).toBe(true),
  },
  'PUT /api/v1/nest/loan-bucket': {
    access: 'own',
    send: () => ({ body: { rate: 2.5 } }),
    status: 200,
    check: (_p, res) => expect(res.json().data.rate).toBe(2.5),
  },
};

/** The Money Nest's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  matrix,
  owned: [
    {
      name: 'nest_deposit_id',
      paths: [{ route: /\/nest\/deposits\/\{id\}/, param: 'id' }],
      make: async (send) => {
        // Activating again is a 200; the deposit is split by whatever rules the fuzzer saved.
        await must(send('POST', '/api/v1/nest/activate', {}));
        await must(send('POST', '/api/v1/nest/deposits', { amount: 1_000, date: '2026-11-20', source: 'Fuzz pay' }));
      },
      // One not reversed yet, so a reversal can succeed.
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: ledgerJournals.id })
            .from(ledgerJournals)
            .where(
              and(
                eq(ledgerJournals.userId, userId),
                eq(ledgerJournals.kind, 'nest.deposit'),
                isNull(ledgerJournals.reversedById),
              ),
            )
            .orderBy(desc(ledgerJournals.createdAt))
            .limit(1),
        ),
    },
  ],
};
