/**
 * A savings goal's plan: the monthly deposit that reaches the target in time, and the balance it
 * projects month by month.
 */
import { asCents, type Cents, type CentsInput, checkCents } from './cents.ts';

/** 100 years: a horizon beyond it is not a plan. */
export const MAX_GOAL_MONTHS = 1200;
export const MAX_GOAL_APY_PERCENT = 100;

export interface GoalPlanInput {
  targetCents: CentsInput;
  savedCents: CentsInput;
  /** Months of deposits left; at least 1 unless the target is already reached. */
  months: number;
  /** The savings account's yield; 0 for none. */
  apyPercent: number;
}

export interface GoalPlan {
  /** The smallest whole-cent monthly deposit that reaches the target; 0 when none is needed. */
  monthlyNeededCents: Cents;
  /** The balance after each of the `months` months at that deposit. */
  balances: Cents[];
}

/**
 * Each month the balance first earns interest at (1 + APY/100)^(1/12) − 1, rounded half-up to the
 * cent, then the deposit is added. The balance at the end grows with the deposit (rounding half-up
 * never reverses an order), so the smallest deposit is found by bisection between 0 and the
 * deposit that reaches the target with no interest at all.
 */
export function goalPlan(input: GoalPlanInput): GoalPlan {
  const { targetCents, savedCents, months, apyPercent } = input;
  checkCents('targetCents', targetCents);
  checkCents('savedCents', savedCents);
  if (!Number.isSafeInteger(months) || months < 0 || months > MAX_GOAL_MONTHS) {
    throw new RangeError(`months must be a whole number from 0 to ${MAX_GOAL_MONTHS}`);
  }
  if (!Number.isFinite(apyPercent) || apyPercent < 0 || apyPercent > MAX_GOAL_APY_PERCENT) {
    throw new RangeError(`apyPercent must be between 0 and ${MAX_GOAL_APY_PERCENT}`);
  }
  const rate = (1 + apyPercent / 100) ** (1 / 12) - 1;
  const project = (deposit: number) => projection(savedCents, deposit, months, rate);
  const reaches = (deposit: number) => (project(deposit).at(-1) ?? savedCents) >= targetCents;

  if (savedCents >= targetCents || (months > 0 && reaches(0))) {
    return { monthlyNeededCents: asCents(0), balances: project(0) };
  }
  if (months === 0) throw new RangeError('months must be at least 1 while the target is not reached');
  let low = 0; // never enough
  let high = Math.ceil((targetCents - savedCents) / months); // always enough: interest only adds
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (reaches(middle)) high = middle;
    else low = middle;
  }
  return { monthlyNeededCents: asCents(high), balances: project(high) };
}

function projection(saved: number, deposit: number, months: number, rate: number): Cents[] {
  const balances: Cents[] = [];
  let balance = saved;
  for (let month = 0; month < months; month++) {
    balance += (rate > 0 ? Math.round(balance * rate) : 0) + deposit;
    if (!Number.isSafeInteger(balance)) throw new RangeError('the balance grew past what cents can count');
    balances.push(asCents(balance));
  }
  return balances;
}
