import { lifestyleGoals } from '@helo/db/schema';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  asUser,
  before,
  bGoal,
  bOwnGoal,
  fundDeposit,
  GOALS,
  type MatrixRow,
} from '../../../test/harness/access-matrix.ts';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';
import { potEntries } from '../savings-pot/testing.ts';

/** The lifestyle goals's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/user-lifestyle-saving/': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      const names = res.json().data.map((g: { name: string }) => g.name);
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((n: string) => n === bGoal.name)).toBe(true);
    },
  },
  'POST /api/v1/user-lifestyle-saving/': {
    access: 'own',
    send: () => ({ body: bGoal }),
    status: 201,
    check: (_p, res) => expect(res.json().data.name).toBe(bGoal.name),
  },
  'GET /api/v1/user-lifestyle-saving/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.lifestyleGoals.goals[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: (await bOwnGoal(p)).id } }),
  },
  'PUT /api/v1/user-lifestyle-saving/{id}': {
    access: 'by-id',
    send: () => {
      const { id, version } = before.lifestyleGoals.goals[0];
      return { params: { id }, body: { ...bGoal, version } };
    },
    status: 404,
    control: async (p) => {
      const { id, version } = await bOwnGoal(p);
      return { params: { id }, body: { ...bGoal, version } };
    },
  },
  'DELETE /api/v1/user-lifestyle-saving/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.lifestyleGoals.goals[0].id } }),
    status: 404,
    // B deletes a second goal of B's own, so B keeps the one the other rows use.
    control: async (p) => ({ params: { id: (await asUser(p.b, 'POST', GOALS, { ...bGoal, name: 'B spare' })).id } }),
  },
  'GET /api/v1/user-lifestyle-saving/{id}/entries': {
    access: 'by-id',
    send: () => ({ params: { id: before.lifestyleGoals.goals[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: (await bOwnGoal(p)).id } }),
  },
  'POST /api/v1/user-lifestyle-saving/{id}/entries': {
    access: 'by-id',
    // A withdrawal A's goal could pay: refused all the same, and A's balance stays.
    send: () => ({
      params: { id: before.lifestyleGoals.goals[0].id },
      body: { ...fundDeposit(5, 'from B'), kind: 'withdrawal' },
    }),
    status: 404,
    control: async (p) => ({ params: { id: (await bOwnGoal(p)).id }, body: fundDeposit(5, 'from B') }),
    controlStatus: 201,
  },
  'DELETE /api/v1/user-lifestyle-saving/{id}/entries/{entryId}': {
    access: 'by-id',
    send: () => ({
      params: { id: before.lifestyleGoals.goals[0].id, entryId: before.lifestyleGoals.entries[0].id },
    }),
    status: 404,
    control: async (p) => {
      const { id } = await bOwnGoal(p);
      const made = await asUser(p.b, 'POST', `${GOALS}/${id}/entries`, fundDeposit(1, 'B deletes'));
      return { params: { id, entryId: made.entry.id } };
    },
  },
};

/** The goals' part of the test harness (module-harness.ts): a goal before its entry. */
export const harness: ModuleHarness = {
  matrix,
  owned: [
    {
      name: 'goal_id',
      paths: [{ route: /\/user-lifestyle-saving\/\{id\}/, param: 'id' }],
      make: async (send) => {
        await must(
          send('POST', '/api/v1/user-lifestyle-saving', {
            name: 'Fuzz trip',
            kind: 'travel',
            target_amount: 3_000,
            saved_amount: 100,
            horizon_years: 1,
          }),
        );
      },
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: lifestyleGoals.id })
            .from(lifestyleGoals)
            .where(eq(lifestyleGoals.userId, userId))
            .orderBy(desc(lifestyleGoals.createdAt))
            .limit(1),
        ),
    },
    {
      name: 'goal_entry_id',
      paths: [{ route: /\/user-lifestyle-saving\/\{id\}\/entries\/\{entryId\}/, param: 'entryId' }],
      make: async (send, ids) => {
        if (!ids.goal_id) return;
        await must(
          send('POST', `/api/v1/user-lifestyle-saving/${ids.goal_id}/entries`, {
            kind: 'deposit',
            amount: 25,
            date: '2026-11-20',
          }),
        );
      },
      read: (t, userId) => newest(potEntries(t, userId, 'goal')),
    },
  ],
};
