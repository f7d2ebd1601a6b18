/**
 * Payoff arithmetic of spec §4 and §9. Money in integer cents, rates in percent a year.
 */
import { asCents, type Cents, type CentsInput } from './cents.ts';
import { monthlyInterestCents } from './monthly-interest.ts';

export interface PayoffEstimate {
  /** Number of payments (fractional: the last one is partial); Infinity when it never pays off. */
  periods: number;
  /** periods × payment − balance, to the cent; Infinity when it never pays off. */
  totalInterestCents: Cents;
}

/** Infinity is not a whole number of cents, but it is what "never" costs; the brand still says "cents". */
const NEVER: PayoffEstimate = {
  periods: Number.POSITIVE_INFINITY,
  totalInterestCents: asCents(Number.POSITIVE_INFINITY),
};

/**
 * The standard number-of-periods formula n = −ln(1 − r·B/P) / ln(1 + r), r being the per-period
 * rate. A payment that does not exceed one period's interest never pays the loan off.
 */
export function payoffEstimate(input: {
  balanceCents: CentsInput;
  annualRatePercent: number;
  paymentCents: CentsInput;
  periodsPerYear: number;
}): PayoffEstimate {
  const { balanceCents: balance, annualRatePercent, paymentCents: payment, periodsPerYear } = input;
  if (balance <= 0) return { periods: 0, totalInterestCents: asCents(0) };
  if (payment <= 0) return NEVER;
  const rate = annualRatePercent / 100 / periodsPerYear;
  // Rates are stored with four decimals (0.0001 %); anything far below that is a zero rate, and
  // treating it so avoids logarithms of subnormal numbers.
  if (rate < 1e-12) return { periods: balance / payment, totalInterestCents: asCents(0) };
  if (payment <= balance * rate) return NEVER;
  // log1p keeps tiny per-period rates exact, where log(1 + r) would round r away.
  const periods = -Math.log1p(-(rate * balance) / payment) / Math.log1p(rate);
  // Interest cannot be negative at a non-negative rate; the max absorbs float error at tiny rates.
  return { periods, totalInterestCents: asCents(Math.max(0, Math.round(periods * payment - balance))) };
}

/**
 * Spec §4: this month's interest is balance × rate ÷ 12 (to the cent, half up, exactly as the
 * schedules round it); the rest of the payment is principal.
 */
export function nextPaymentSplit(input: {
  balanceCents: CentsInput;
  annualRatePercent: number;
  paymentCents: CentsInput;
}) {
  const interestCents = monthlyInterestCents(input.balanceCents, input.annualRatePercent);
  return { interestCents, principalCents: asCents(input.paymentCents - interestCents) };
}

export interface MonthlyBiweeklyComparison {
  monthly: PayoffEstimate;
  biweekly: PayoffEstimate;
  /** Months sooner the loan is paid off paying half every two weeks (Infinity − x stays Infinity). */
  monthsSaved: number;
  interestSavedCents: Cents;
}

/** Spec §9: 12 payments a year against 26 payments of half as much at APR/26 per period. */
export function compareMonthlyBiweekly(input: {
  balanceCents: CentsInput;
  annualRatePercent: number;
  monthlyPaymentCents: CentsInput;
}): MonthlyBiweeklyComparison {
  const base = { balanceCents: input.balanceCents, annualRatePercent: input.annualRatePercent };
  const monthly = payoffEstimate({ ...base, paymentCents: input.monthlyPaymentCents, periodsPerYear: 12 });
  const biweekly = payoffEstimate({
    ...base,
    paymentCents: Math.round(input.monthlyPaymentCents / 2),
    periodsPerYear: 26,
  });
  const biweeklyMonths = (biweekly.periods * 12) / 26;
  const finite = Number.isFinite(monthly.periods) && Number.isFinite(biweekly.periods);
  return {
    monthly,
    biweekly,
    monthsSaved: finite ? monthly.periods - biweeklyMonths : Number.NaN,
    interestSavedCents: asCents(finite ? monthly.totalInterestCents - biweekly.totalInterestCents : Number.NaN),
  };
}
