import type { Db } from '@helo/db/client';
import type { PostedJournal } from '../../ledger/index.ts';
import { payFoundLoanPayments } from './found-loan-payments.ts';
import { type FoundTransfer, type FreshRows, pairFoundTransfers } from './found-transfers.ts';

export interface FoundMoves {
  transfers: FoundTransfer[];
  loanPayments: { rowId: string; payment: PostedJournal }[];
}

/**
 * What fresh rows (an import's, a sync's, a hand entry) say about money the user only moved: first
 * transfers between two of their accounts, then payments to their loans among the rows left. Run
 * after the rows are published, in the caller's transaction, under the Money Nest's row.
 */
export async function findMoves(tx: Db, userId: string, fresh: FreshRows, now: Date): Promise<FoundMoves> {
  const transfers = await pairFoundTransfers(tx, userId, fresh, now);
  const loanPayments = await payFoundLoanPayments(tx, userId, fresh, now);
  return { transfers, loanPayments };
}
