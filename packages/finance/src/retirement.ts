/**
 * The retirement projection of issue 14: each investment account grown month by month to the
 * retirement age, in nominal dollars and in today's money, and the monthly income the total could
 * pay by the 4 % rule.
 */
import { asCents, type Cents, type CentsInput, checkCents } from './cents.ts';

/** Ages are whole years; a projection past 100 years is not a plan. */
export const MAX_PROJECTION_YEARS = 100;
/** Returns and inflation are bounded well inside what the math can carry (−100 % would be division by 0). */
export const MIN_RATE_PERCENT = -99;
export const MAX_RATE_PERCENT = 100;
/** The share of the savings a retiree draws each year: the 4 % rule. */
export const WITHDRAWAL_RATE_PERCENT = 4;

export interface RetirementAccountInput {
  balanceCents: CentsInput;
  /** What goes in each month: the person's contribution plus the employer's. */
  monthlyContributionCents: CentsInput;
  annualReturnPercent: number;
}

export interface RetirementInput {
  currentAge: number;
  retirementAge: number;
  inflationPercent: number;
  accounts: readonly RetirementAccountInput[];
}

export interface ProjectionRow {
  age: number;
  nominalCents: Cents;
  /** The nominal value in today's money: ÷ (1 + inflation)^(years from now). */
  realCents: Cents;
}

export interface Projection {
  /** One row per year of age from today's (the current balance) to the retirement age. */
  rows: ProjectionRow[];
  atRetirement: {
    nominalCents: Cents;
    realCents: Cents;
    /** 4 % of the real value a year, ÷ 12, rounded down to the cent: a promise never rounds up. */
    monthlyIncomeRealCents: Cents;
  };
}

export interface RetirementProjection {
  total: Projection;
  /** One per account, in the input's order. */
  accounts: Projection[];
}

/**
 * Thrown when a balance grows past what JavaScript counts exactly in cents (about $90 trillion):
 * a huge balance at a high return over decades. `accountIndex` names the account, or is null when
 * only the total overflows. Callers turn it into a message at the field that caused it.
 */
export class ProjectionTooLargeError extends RangeError {
  readonly accountIndex: number | null;
  constructor(accountIndex: number | null) {
    super('the projection grows past what cents can count');
    this.accountIndex = accountIndex;
  }
}

/**
 * Every month each account first earns interest at (1 + return/100)^(1/12) − 1, rounded half-up to
 * the cent (toward +∞ at exactly half, as Math.round does, for losses too), then its contribution is
 * added; a year is 12 such months. A retirement age not above the current age leaves today's balances.
 */
export function retirementProjection(input: RetirementInput): RetirementProjection {
  const { currentAge, retirementAge, inflationPercent, accounts } = input;
  if (!Number.isSafeInteger(currentAge) || currentAge < 0)
    throw new RangeError('currentAge must be a whole number ≥ 0');
  if (!Number.isSafeInteger(retirementAge) || retirementAge < 0) {
    throw new RangeError('retirementAge must be a whole number ≥ 0');
  }
  const years = Math.max(0, retirementAge - currentAge);
  if (years > MAX_PROJECTION_YEARS) throw new RangeError(`at most ${MAX_PROJECTION_YEARS} years can be projected`);
  checkRate('inflationPercent', inflationPercent);
  accounts.forEach((account, i) => {
    checkCents(`accounts[${i}].balanceCents`, account.balanceCents);
    checkCents(`accounts[${i}].monthlyContributionCents`, account.monthlyContributionCents);
    checkRate(`accounts[${i}].annualReturnPercent`, account.annualReturnPercent);
  });

  // deflators[y] = (1 + inflation)^y; computed by power, not by repeated multiplication, so a
  // year's figure does not depend on float error carried from the years before it.
  const deflators = Array.from({ length: years + 1 }, (_, y) => (1 + inflationPercent / 100) ** y);
  const nominals = accounts.map((account, i) => yearEndBalances(account, years, i));
  const totals = Array.from({ length: years + 1 }, (_, y) => {
    let sum = 0;
    for (const balances of nominals) sum += balances[y] ?? 0;
    if (!Number.isSafeInteger(sum)) throw new ProjectionTooLargeError(null);
    return sum;
  });
  return {
    total: projectionOf(totals, currentAge, deflators),
    accounts: nominals.map((balances) => projectionOf(balances, currentAge, deflators)),
  };
}

/** The balance today and at the end of each of `years` years. */
function yearEndBalances(account: RetirementAccountInput, years: number, index: number): number[] {
  const rate = (1 + account.annualReturnPercent / 100) ** (1 / 12) - 1;
  let balance: number = account.balanceCents;
  const balances = [balance];
  for (let year = 0; year < years; year++) {
    for (let month = 0; month < 12; month++) {
      balance += Math.round(balance * rate) + account.monthlyContributionCents;
      if (!Number.isSafeInteger(balance)) throw new ProjectionTooLargeError(index);
    }
    balances.push(balance);
  }
  return balances;
}

function projectionOf(nominals: readonly number[], currentAge: number, deflators: readonly number[]): Projection {
  const rows = nominals.map((nominal, year) => ({
    age: currentAge + year,
    nominalCents: asCents(nominal),
    realCents: asCents(Math.round(nominal / (deflators[year] ?? 1))),
  }));
  const last = rows.at(-1) ?? { nominalCents: asCents(0), realCents: asCents(0) };
  return {
    rows,
    atRetirement: {
      nominalCents: last.nominalCents,
      realCents: last.realCents,
      monthlyIncomeRealCents: monthlyIncomeCents(last.realCents),
    },
  };
}

/**
 * 4 % a year ÷ 12 months = ÷ 300, rounded down. Integer division: a float quotient near a whole
 * number of large size can round up to it (at $300 billion the spacing of doubles exceeds 1/300).
 */
export function monthlyIncomeCents(realCents: CentsInput): Cents {
  const divisor = (100 / WITHDRAWAL_RATE_PERCENT) * 12;
  const remainder = ((realCents % divisor) + divisor) % divisor;
  return asCents((realCents - remainder) / divisor);
}

function checkRate(name: string, percent: number): void {
  if (!Number.isFinite(percent) || percent < MIN_RATE_PERCENT || percent > MAX_RATE_PERCENT) {
    throw new RangeError(`${name} must be between ${MIN_RATE_PERCENT} and ${MAX_RATE_PERCENT}`);
  }
}
