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
  checkMonthsAndApy(months, apyPercent);
  const rate = monthlyRate(apyPercent);
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

export interface GoalBalancesInput {
  savedCents: CentsInput;
  monthlyCents: CentsInput;
  months: number;
  apyPercent: number;
}

/**
 * The balance after each of `months` months of depositing `monthlyCents`, month by month as
 * `goalPlan` projects it: what a plan set earlier expects the goal to hold by now.
 */
export function goalBalances(input: GoalBalancesInput): Cents[] {
  const { savedCents, monthlyCents, months, apyPercent } = input;
  checkCents('savedCents', savedCents);
  checkCents('monthlyCents', monthlyCents);
  checkMonthsAndApy(months, apyPercent);
  return projection(savedCents, monthlyCents, months, monthlyRate(apyPercent));
}

/**
 * True when every balance a plan of `months` months at `apyPercent` can project (`goalPlan`, and
 * `goalBalances` at its deposit) stays a number of cents JavaScript counts exactly, for any saved
 * amount and target up to `maxCents`. Each month adds at most the deposit and half a cent of
 * rounding to the grown balance, and the deposits add up to at most the target plus a cent a month
 * (the deposit is rounded up), so no balance exceeds (maxCents + 2 × months) grown by the whole
 * horizon's interest; the check keeps twice that margin. With $10 billion it refuses only absurd
 * plans: 100 % APY over 13 years, 10 % over 90.
 */
export function goalPlanFits(input: { maxCents: number; months: number; apyPercent: number }): boolean {
  const { maxCents, months, apyPercent } = input;
  checkMonthsAndApy(months, apyPercent);
  const growth = (1 + apyPercent / 100) ** (months / 12);
  return 2 * (maxCents + 2 * months) * growth <= Number.MAX_SAFE_INTEGER;
}

function checkMonthsAndApy(months: number, apyPercent: number): void {
  if (!Number.isSafeInteger(months) || months < 0 || months > MAX_GOAL_MONTHS) {
    throw new RangeError(`months must be a whole number from 0 to ${MAX_GOAL_MONTHS}`);
  }
  if (!Number.isFinite(apyPercent) || apyPercent < 0 || apyPercent > MAX_GOAL_APY_PERCENT) {
    throw new RangeError(`apyPercent must be between 0 and ${MAX_GOAL_APY_PERCENT}`);
  }
}

const monthlyRate = (apyPercent: number) => (1 + apyPercent / 100) ** (1 / 12) - 1;

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
