import { z } from 'zod';
import { calendarDay } from './dates.ts';
import { envelope } from './envelope.ts';
import { text } from './fields.ts';
import { dollarAmount, dollars } from './money.ts';
import { userDebt } from './user-debts.ts';

/**
 * A loan payment the user records (issue 27): `amount` out of `account_id` on `date`, the month's
 * interest to Interest and the rest off the loan. `account_id` is one of the user's open accounts
 * (GET /v1/accounts) or the Money Nest's Loan payments; null or left out, an account Helo does not
 * know ("Outside Helo": the user paid from a bank account not in Helo).
 */
export const loanPaymentBody = z.object({
  amount: dollarAmount('Amount').refine((v) => v > 0, 'Amount must be more than $0'),
  date: calendarDay('Date'),
  account_id: text('From').max(64, 'From is not one of your accounts').nullish(),
});
export type LoanPaymentBody = z.input<typeof loanPaymentBody>;

/** The loan and one of its payments, by the path. Any string up to 64 characters passes: a 404 when not the user's. */
export const loanPaymentParams = z.object({
  id: text('Loan id').min(1, 'Loan id is required').max(64),
  paymentId: text('Payment id').min(1, 'Payment id is required').max(64),
});

/** One payment of a loan, its split read from the journal's postings. */
export const loanPayment = z.object({
  /** The payment's id (its journal's): DELETE …/payments/{id} undoes it. */
  id: z.string(),
  date: z.string(),
  amount: dollars(),
  principal: dollars(),
  interest: dollars(),
  /** Where the money came from; `kind` 'loan_payments' is the Money Nest's bucket, 'outside' an account not in Helo. */
  account: z.object({ id: z.string(), name: z.string(), kind: z.string(), closed: z.boolean() }),
  /** The due date this payment is the whole payment of (the Money Nest does not pay it again), or null for an extra one. */
  due_date: z.string().nullable(),
  created_at: z.string(),
});
export type LoanPayment = z.infer<typeof loanPayment>;

export const loanPaymentsResponse = envelope(z.array(loanPayment));
/** A recorded payment, and the loan as it now is (its balance lowered, its next payment date maybe on a month). */
export const loanPaymentResponse = envelope(z.object({ payment: loanPayment, loan: userDebt }));
/** An undone payment: the loan as it now is. */
export const loanPaymentUndoResponse = envelope(z.object({ loan: userDebt }));
