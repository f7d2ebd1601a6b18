import { ledgerJournals } from '@helo/db/schema';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';

/** The Money Nest's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
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
