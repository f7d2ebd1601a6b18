import { recurringSeries } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { asUser, before, type MatrixRow } from '../../../test/harness/access-matrix.ts';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';

const BASE = '/api/v1/recurring';
/** An id of the shape of a found series' that no one has. */
const NO_SUGGESTION = `s_${'0'.repeat(32)}`;

const bRent = (accountId: string) => ({
  name: 'from B rent',
  kind: 'bill',
  cadence: { every: 'month', day: 1 },
  amount: 40,
  account_id: accountId,
  start_date: '2026-11-01',
});
const aSeries = () => before.recurring[0] as { id: string; version: number };
const bSeries = async (p: Parameters<NonNullable<MatrixRow['control']>>[0]) =>
  (await asUser(p.b, 'GET', BASE))[0] as { id: string; version: number; account_id: string };

/** The recurring series' rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/recurring/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.map((s: { name: string }) => s.name)).toEqual(['from B rent']),
  },
  // A series in A's account: not one of B's (400 naming account_id), and nothing made.
  'POST /api/v1/recurring/': {
    access: 'own',
    send: () => ({ body: bRent(before.accounts[0].id) }),
    status: 400,
  },
  'GET /api/v1/recurring/suggestions': { access: 'own', status: 200 },
  'GET /api/v1/recurring/calendar': {
    access: 'own',
    status: 200,
    check: (_p, res) =>
      expect(new Set(res.json().data.occurrences.map((o: { name: string }) => o.name))).toEqual(
        new Set(['from B rent']),
      ),
  },
  'POST /api/v1/recurring/suggestions/{id}/accept': {
    access: 'by-id',
    send: () => ({ params: { id: NO_SUGGESTION }, body: {} }),
    status: 404,
  },
  'POST /api/v1/recurring/suggestions/{id}/dismiss': {
    access: 'by-id',
    send: () => ({ params: { id: NO_SUGGESTION } }),
    status: 404,
  },
  'PUT /api/v1/recurring/{id}': {
    access: 'by-id',
    send: (p) => ({ params: { id: aSeries().id }, body: { ...bRent(p.b.userId), version: aSeries().version } }),
    status: 404,
    control: async (p) => {
      const own = await bSeries(p);
      return { params: { id: own.id }, body: { ...bRent(own.account_id), version: own.version } };
    },
  },
  'DELETE /api/v1/recurring/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: aSeries().id } }),
    status: 404,
    // B deletes a second series of B's own, so B's list is what the other rows expect.
    control: async (p) => {
      const own = await bSeries(p);
      const made = await asUser(p.b, 'POST', BASE, { ...bRent(own.account_id), name: 'from B gym' });
      return { params: { id: made.id } };
    },
  },
};

/** The recurring series' part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  matrix,
  owned: [
    {
      name: 'recurring_id',
      paths: [{ route: /\/recurring\/\{id\}$/, param: 'id' }],
      // In the fuzz user's own account (the accounts' harness made it before).
      make: async (send, ids) => must(send('POST', BASE, { ...bRent(ids.account_id ?? ''), name: 'Fuzz rent' })),
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: recurringSeries.id })
            .from(recurringSeries)
            .where(eq(recurringSeries.userId, userId))
            .limit(1),
        ),
    },
  ],
};
