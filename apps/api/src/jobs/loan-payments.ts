import type { Db } from '@helo/db/client';
import type { Clock } from '../lib/clock.ts';
import { lockNestAccount, nestsWithDueLoans } from '../modules/nest/index.ts';
import { type LoanPaymentsResult, LoanPaymentsService } from '../modules/user-debts/index.ts';
import { runDueDateRoll } from './due-date-roll.ts';

export type { LoanPaymentsResult };

export interface LoanDueDatesResult extends LoanPaymentsResult {
  /** Loans of users without a Nest whose passed due dates were rolled on. */
  rolled: number;
}

/**
 * The scheduled job (decisions.md "My Wallet, bank imports and loan payments"): first the Money
 * Nest pays the loans due on or before today, then every other passed due date is rolled on. In that
 * order, so no date is rolled past a payment the Nest was to make.
 */
export async function runLoanDueDates(deps: { db: Db; clock: Clock }): Promise<LoanDueDatesResult> {
  const payments = await runLoanPayments(deps);
  const rolled = await runDueDateRoll(deps);
  return { ...payments, rolled };
}

/**
 * Pays, from each active Nest's Loan payments, the user's loans due on or before today: the rule is
 * the loans' LoanPaymentsService; the Nest's users and lock are handed to it here. Safe to run on
 * several servers at once: each user is paid under the lock of their Nest's row, and a due date is
 * paid once (its id is unique among the loan's live journals).
 */
export function runLoanPayments({ db, clock }: { db: Db; clock: Clock }): Promise<LoanPaymentsResult> {
  return new LoanPaymentsService(db, clock, { due: nestsWithDueLoans, lock: lockNestAccount }).payDue();
}
