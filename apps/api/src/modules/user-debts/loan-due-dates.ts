import type { Db } from '@helo/db/client';
import type { Clock } from '../../lib/clock.ts';
import { runDueDateRoll } from './due-date-roll.ts';
import type { LoanPaymentsResult, LoanPaymentsService } from './loan-payments.service.ts';

export interface LoanDueDatesResult extends LoanPaymentsResult {
  /** Loans of users without a Nest whose passed due dates were rolled on. */
  rolled: number;
}

/**
 * The scheduled job (decisions.md "My Wallet, bank imports and loan payments"): first the Money
 * Nest pays the loans due on or before today (the loans' LoanPaymentsService, built once in
 * module.ts with the Nest as payer), then every other passed due date is rolled on. In that order,
 * so no date is rolled past a payment the Nest was to make.
 */
export async function runLoanDueDates(deps: {
  db: Db;
  clock: Clock;
  payments: LoanPaymentsService;
}): Promise<LoanDueDatesResult> {
  const payments = await deps.payments.payDue();
  const rolled = await runDueDateRoll(deps);
  return { ...payments, rolled };
}
