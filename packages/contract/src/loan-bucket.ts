import { z } from 'zod';
import { envelope } from './envelope.ts';
import { dollars, percentRate } from './money.ts';

/**
 * The Money Nest's loan bucket (`v1/nest/loan-bucket`, issue 30 item 3; decisions.md "The loan
 * bucket"): the Loan payments account, each loan's payment set aside in two halves on the two
 * paydays before its due date, the interest it earns at the rate the user gives, and the pulls to come.
 * Amounts are dollars on the wire.
 */

/** PUT /v1/nest/loan-bucket: the yearly rate the bucket earns, posted monthly (0 to 100 %, four decimals). */
export const loanBucketBody = z.object({ rate: percentRate('Interest rate') });
export type LoanBucketBody = z.input<typeof loanBucketBody>;

/** What the bucket holds for one loan's next due date. */
export const loanBucketLoan = z.object({
  loan_id: z.string(),
  name: z.string(),
  due_date: z.string(),
  payment: dollars(),
  /** The bucket's balance counted against the loans in the user's order, each up to its payment. */
  set_aside: dollars(),
});
export type LoanBucketLoan = z.infer<typeof loanBucketLoan>;

/** A pull to come: half (or all) of a loan's payment moved from the Wallet into the bucket on a payday. */
export const loanBucketPull = z.object({
  date: z.string(),
  loan_id: z.string(),
  name: z.string(),
  due_date: z.string(),
  amount: dollars(),
});
export type LoanBucketPull = z.infer<typeof loanBucketPull>;

export const loanBucket = z.object({
  /** The Money Nest is active (the bucket is its Loan payments account). */
  active: z.boolean(),
  balance: dollars(),
  /** The yearly rate it earns, in percent. */
  rate: z.number(),
  /** Every interest posting to date, summed. */
  interest_earned: dollars(),
  /** The month whose interest was last posted or settled ('YYYY-MM'), null before the first. */
  interest_through: z.string().nullable(),
  /** The user has paydays (income through the Nest): pulls fill the bucket; without, its rule does. */
  has_paydays: z.boolean(),
  loans: z.array(loanBucketLoan),
  /** The pulls of the next 62 days, by date then the user's order of loans (at their full amount). */
  next_pulls: z.array(loanBucketPull),
});
export type LoanBucket = z.infer<typeof loanBucket>;
export const loanBucketResponse = envelope(loanBucket);
