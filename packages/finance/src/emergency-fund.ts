/**
 * The emergency fund's plan: how big the cushion should be (3 and 6 months of expenses), how far the
 * user is, and how many months of saving it takes to get there.
 */
import { asCents, type Cents, type CentsInput, checkCents } from './cents.ts';
import { progressPercent } from './progress.ts';

export const LOW_TARGET_MONTHS = 3;
export const HIGH_TARGET_MONTHS = 6;
/** Above this the "rate" is not a savings account's; the input is refused rather than simulated. */
export const MAX_APY_PERCENT = 100;

export interface EmergencyFundInput {
  savedCents: CentsInput;
  monthlyExpensesCents: CentsInput;
  monthlySavingCents: CentsInput;
  /** The savings account's annual percentage yield; no interest when absent. */
  apyPercent?: number;
}

export interface EmergencyFundPlan {
  targetLowCents: Cents;
  targetHighCents: Cents;
  /** Saved ÷ the 3-month target, in percent with two decimals (half-up), at most 100. */
  progressPercent: number;
  /** Whole months of saving until the target is reached; 0 when it already is, null when never. */
  monthsToLow: number | null;
  monthsToHigh: number | null;
}

export function emergencyFundPlan(input: EmergencyFundInput): EmergencyFundPlan {
  const { savedCents, monthlyExpensesCents, monthlySavingCents, apyPercent = 0 } = input;
  checkCents('savedCents', savedCents);
  checkCents('monthlyExpensesCents', monthlyExpensesCents);
  checkCents('monthlySavingCents', monthlySavingCents);
  if (!Number.isFinite(apyPercent) || apyPercent < 0 || apyPercent > MAX_APY_PERCENT) {
    throw new RangeError(`apyPercent must be between 0 and ${MAX_APY_PERCENT}`);
  }
  const targetLowCents = monthlyExpensesCents * LOW_TARGET_MONTHS;
  const targetHighCents = monthlyExpensesCents * HIGH_TARGET_MONTHS;
  if (!Number.isSafeInteger(targetHighCents)) throw new RangeError('monthlyExpensesCents is too large');
  const monthlyRate = (1 + apyPercent / 100) ** (1 / 12) - 1;
  const months = (target: number) => monthsToReach(savedCents, target, monthlySavingCents, monthlyRate);
  return {
    targetLowCents: asCents(targetLowCents),
    targetHighCents: asCents(targetHighCents),
    progressPercent: progressPercent(savedCents, targetLowCents),
    monthsToLow: months(targetLowCents),
    monthsToHigh: months(targetHighCents),
  };
}

/**
 * The smallest n ≥ 0 after which the balance reaches the target, where each month the balance first
 * earns interest (balance × rate, half-up to the cent) and then the saving is added. A rate this
 * compounding is irrational, so the product is a float; a tie at exactly half a cent can not occur.
 *
 * While the interest rounds to 0 cents the balance only grows by the saving, so that stretch is
 * jumped in one step: a month-by-month loop would take billions of steps for 1 cent a month towards
 * a large target. Once the interest is at least a cent the balance grows geometrically and the loop
 * ends within a few thousand months for any rate a savings account pays.
 */
function monthsToReach(saved: number, target: number, saving: number, rate: number): number | null {
  if (saved >= target) return 0;
  // The smallest balance that earns at least one cent a month.
  const earning = rate > 0 ? smallestEarningBalance(rate) : Number.POSITIVE_INFINITY;
  let balance = saved;
  let months = 0;
  while (balance < target) {
    if (balance < earning) {
      if (saving === 0) return null;
      const stop = Math.min(target, earning);
      const steps = Math.ceil((stop - balance) / saving);
      balance += steps * saving;
      months += steps;
    } else {
      balance += Math.round(balance * rate) + saving;
      months += 1;
    }
  }
  return months;
}

function smallestEarningBalance(rate: number): number {
  let balance = Math.ceil(0.5 / rate);
  // 0.5 / rate is a float too: settle on the exact integer by the same rounding the loop uses.
  while (balance > 1 && Math.round((balance - 1) * rate) >= 1) balance -= 1;
  while (Math.round(balance * rate) < 1) balance += 1;
  return balance;
}
