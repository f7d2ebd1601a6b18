/**
 * A loan payment the user records (issue 27: a payment from any account lowers the loan), and the
 * Money Nest's on a due date, split the same way: the month's interest first, the rest off what is
 * owed. The month's interest is charged once per due date, however many payments fall in its month.
 */
import { addMonths } from './calendar.ts';
import { type Cents, type CentsInput, cents } from './cents.ts';
import { monthlyInterestCents } from './monthly-interest.ts';

/**
 * The due date a payment made on `day` belongs to: the first date on or after it on the loan's day of
 * the month (`dueDay`, the month's last day when shorter). A payment on a due date is that date's.
 */
export function dueDateOf(day: string, dueDay: number): string {
  const sameMonth = addMonths(day, 0, dueDay);
  return sameMonth >= day ? sameMonth : addMonths(day, 1, dueDay);
}

/** The due date before `dueDate` on the loan's day: a due date's month is (previous, dueDate]. */
export const previousDueDate = (dueDate: string, dueDay: number): string => addMonths(dueDate, -1, dueDay);

export interface PaymentSplit {
  interestCents: Cents;
  principalCents: Cents;
}

/**
 * Splits a payment of `paymentCents` on a loan owing `owedCents` at `annualRatePercent`: this month's
 * interest on what is owed (half-up to the cent, as every schedule), less what payments of the same
 * month have charged already, capped at the payment; the rest is principal.
 */
export function splitPayment(input: {
  owedCents: CentsInput;
  annualRatePercent: number;
  paymentCents: CentsInput;
  interestChargedCents?: CentsInput;
}): PaymentSplit {
  const month = input.owedCents > 0 ? monthlyInterestCents(input.owedCents, input.annualRatePercent) : 0;
  const left = Math.max(0, month - (input.interestChargedCents ?? 0));
  const interest = Math.min(input.paymentCents, left);
  return { interestCents: cents(interest), principalCents: cents(input.paymentCents - interest) };
}

/**
 * The most a payment may be: what is owed plus the interest it would carry (a payment above it would
 * take the loan below $0).
 */
export function largestPayment(input: {
  owedCents: CentsInput;
  annualRatePercent: number;
  interestChargedCents?: CentsInput;
}): Cents {
  if (input.owedCents <= 0) return cents(0);
  const month = monthlyInterestCents(input.owedCents, input.annualRatePercent);
  return cents(input.owedCents + Math.max(0, month - (input.interestChargedCents ?? 0)));
}

/**
 * Whether a payment is its due date's whole payment (so the Nest does not pay that date again): at
 * least the monthly payment, or everything the loan still asks when that is less.
 */
export function paysDueDate(input: { paymentCents: CentsInput; monthlyCents: CentsInput; largestCents: CentsInput }) {
  return input.paymentCents > 0 && input.paymentCents >= Math.min(input.monthlyCents, input.largestCents);
}
