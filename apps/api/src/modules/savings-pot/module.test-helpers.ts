import { ledgerAccounts, ledgerJournals, ledgerPostings, lifestyleGoals } from '@helo/db/schema';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app.ts';

/** The newest entry typed on a pot's page (the fund's or a goal's) that is still listed: a live journal of the ledger. */
export function potEntries(t: TestApp, userId: string, kind: 'emergency_fund' | 'goal') {
  return t.database.db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .innerJoin(ledgerPostings, eq(ledgerPostings.journalId, ledgerJournals.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerJournals.userId, userId),
        eq(ledgerAccounts.kind, kind),
        inArray(ledgerJournals.kind, ['savings.deposit', 'savings.withdrawal', 'savings.correction']),
        isNull(ledgerJournals.reversedById),
        // A deleted goal's entries are no longer any goal's.
        kind === 'goal'
          ? inArray(
              ledgerAccounts.subjectId,
              t.database.db
                .select({ id: lifestyleGoals.id })
                .from(lifestyleGoals)
                .where(eq(lifestyleGoals.userId, userId)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(ledgerJournals.createdAt))
    .limit(1);
}
