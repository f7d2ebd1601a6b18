/**
 * One month's interest on a balance, exact to the cent. Schedules add this up hundreds of times, so
 * a float that lands on x.4999… instead of x.5 would put a stray cent into a plan's totals.
 */
import { asCents, type Cents, type CentsInput, checkCents } from './cents.ts';

/** 12 months × 100 (percent) × 10,000 (a rate's four decimals). */
const DIVISOR = 12_000_000;

/**
 * Rates are stored with four decimals (numeric(7,4)), so a rate is an integer number of
 * ten-thousandths of a percent: 6.5 % is 65,000. Math.round absorbs 6.5 × 10,000 style float noise.
 */
export function rateInTenThousandths(annualRatePercent: number): number {
  if (!Number.isFinite(annualRatePercent) || annualRatePercent < 0) {
    throw new RangeError('annualRatePercent must be a finite number ≥ 0');
  }
  const rate = Math.round(annualRatePercent * 10_000);
  if (!Number.isSafeInteger(rate)) throw new RangeError('annualRatePercent is too large');
  return rate;
}

/**
 * balance × rate ÷ 100 ÷ 12, rounded half-up to the cent, for a rate from rateInTenThousandths.
 * Unchecked: schedules validate once and call this in their loops.
 */
export function monthlyInterestAt(balanceCents: CentsInput, rateTenThousandths: number): number {
  const product = balanceCents * rateTenThousandths;
  // A float product at or below 2^53 − 1 is the exact product (rounding is monotonic, so an inexact
  // one lands on 2^53 or above); the remainder then keeps the division exact too.
  if (product <= Number.MAX_SAFE_INTEGER) {
    const remainder = product % DIVISOR;
    const whole = (product - remainder) / DIVISOR;
    return remainder * 2 >= DIVISOR ? whole + 1 : whole;
  }
  const big = BigInt(balanceCents) * BigInt(rateTenThousandths);
  const interest = Number((big * 2n + BigInt(DIVISOR)) / BigInt(2 * DIVISOR));
  if (!Number.isSafeInteger(interest)) throw new RangeError('interest is too large to count in cents');
  return interest;
}

/** Spec §4's interest, balance × rate ÷ 100 ÷ 12, rounded half-up to the cent with no float error. */
export function monthlyInterestCents(balanceCents: CentsInput, annualRatePercent: number): Cents {
  checkCents('balanceCents', balanceCents);
  return asCents(monthlyInterestAt(balanceCents, rateInTenThousandths(annualRatePercent)));
}
