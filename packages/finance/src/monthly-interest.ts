/**
 * One month's interest on a balance, exact to the cent. Schedules add this up hundreds of times, so
 * a float that lands on x.4999… instead of x.5 would put a stray cent into a plan's totals.
 */
import { asCents, type Cents, type CentsInput, checkCents } from './cents.ts';

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
  return periodInterestAt(balanceCents, rateTenThousandths, 12);
}

/**
 * One period's interest when a year has `periodsPerYear` of them (12 monthly, 26 every two weeks):
 * balance × rate ÷ 100 ÷ periodsPerYear, rounded half-up to the cent, exactly. Unchecked, as above.
 */
export function periodInterestAt(balanceCents: CentsInput, rateTenThousandths: number, periodsPerYear: number): number {
  // The periods in a year × 100 (percent) × 10,000 (a rate's four decimals).
  const divisor = periodsPerYear * 1_000_000;
  const product = balanceCents * rateTenThousandths;
  // A float product at or below 2^53 − 1 is the exact product (rounding is monotonic, so an inexact
  // one lands on 2^53 or above); the remainder then keeps the division exact too.
  if (product <= Number.MAX_SAFE_INTEGER) {
    const remainder = product % divisor;
    const whole = (product - remainder) / divisor;
    return remainder * 2 >= divisor ? whole + 1 : whole;
  }
  const big = BigInt(balanceCents) * BigInt(rateTenThousandths);
  const interest = Number((big * 2n + BigInt(divisor)) / BigInt(2 * divisor));
  if (!Number.isSafeInteger(interest)) throw new RangeError('interest is too large to count in cents');
  return interest;
}

/** Spec §4's interest, balance × rate ÷ 100 ÷ 12, rounded half-up to the cent with no float error. */
export function monthlyInterestCents(balanceCents: CentsInput, annualRatePercent: number): Cents {
  checkCents('balanceCents', balanceCents);
  return asCents(monthlyInterestAt(balanceCents, rateInTenThousandths(annualRatePercent)));
}
