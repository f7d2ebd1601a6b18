import { lifestyleGoals } from '@helo/db/schema';
import { desc, eq } from 'drizzle-orm';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';
import { potEntries } from '../savings-pot/testing.ts';

/** The goals' part of the test harness (module-harness.ts): a goal before its entry. */
export const harness: ModuleHarness = {
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
