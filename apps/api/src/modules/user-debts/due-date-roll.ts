import type { Db } from '@helo/db/client';
import { nextDueDate } from '@helo/finance/due-date';
import type { Clock } from '../../lib/clock.ts';
import { productToday } from '../../lib/product-day.ts';
import { pastDueLoansWithoutNest, rollDueDates } from './user-debts.repository.ts';

// Loans rolled by one statement: bounds its size whatever the number of loans.
const BATCH = 500;

/**
 * Writes the rolled next payment date of every loan whose date has passed (New York's today), on
 * the loan's own day of the month (`due_day`; the month's last day when shorter), one more version
 * each, so a client still holding the old date gets the usual 409 when it saves. Reads already show
 * the rolled date (user-debts.wire.ts); this keeps the stored one from lagging.
 * Loans of users with a Money Nest are left to its loan payments (loan-payments.ts), which move the
 * date once they paid it or gave up on it. Safe on several servers at once: each row is written only
 * if it still has the version and date it was read with.
 */
export async function runDueDateRoll({ db, clock }: { db: Db; clock: Clock }): Promise<number> {
  const now = clock.now();
  const today = productToday(now);
  let rolled = 0;
  let after: string | null = null;
  for (;;) {
    const batch = await pastDueLoansWithoutNest(db, today, after, BATCH);
    rolled += await rollDueDates(
      db,
      batch.map((loan) => ({ ...loan, next: nextDueDate(loan.dueDate, today, loan.dueDay) })),
      now,
    );
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return rolled;
    after = last.id;
  }
}
