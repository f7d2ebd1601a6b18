/**
 * Issue 25: paying every two weeks, loan by loan, to the cent. The combined panel of the spec (one
 * summed balance at the plain average rate) can not agree with the payoff plans, which run each loan
 * at its own rate; these figures do: each loan's monthly schedule is the plans' "minimum payments
 * only" schedule, and its two-week schedule runs the same arithmetic 26 times a year.
 */
import { asCents, type Cents, checkCents } from './cents.ts';
import { periodInterestAt, rateInTenThousandths } from './monthly-interest.ts';
import type { PlanDebt } from './payoff-plan.ts';

/** A loan paid at one payment a period, to the cent. */
export interface ScheduleOutcome {
  /** Payments made until the balance reached 0; null when it never does within the limit. */
  payments: number | null;
  /** The payments as months (two-week payments × 12 ÷ 26); null when never paid off. */
  months: number | null;
  /** Interest until paid off; null when never paid off. */
  interestCents: Cents | null;
}

export interface LoanTwoWeek {
  id: string;
  monthly: ScheduleOutcome;
  twoWeekly: ScheduleOutcome;
}

export interface TwoWeekComparison {
  /** In the input's order. */
  loans: LoanTwoWeek[];
  /** The exact sums of the loans' interest, and the last loan's payoff; null when any loan never pays off. */
  total: {
    monthlyInterestCents: Cents | null;
    twoWeeklyInterestCents: Cents | null;
    /** monthly − two-weekly, null unless both are known. */
    interestSavedCents: Cents | null;
    monthlyMonths: number | null;
    twoWeeklyMonths: number | null;
  };
}

/** The plans' limit: 600 months (50 years), i.e. 1,300 two-week payments. */
const MAX_YEARS = 50;

/**
 * One loan at a fixed payment each period: interest on the balance (half-up, exact), then the
 * payment, the last one only what is still owed: amortizationSchedule's arithmetic at any period.
 */
export function scheduleOutcome(input: {
  balanceCents: number;
  annualRatePercent: number;
  paymentCents: number;
  periodsPerYear: number;
}): ScheduleOutcome {
  const { balanceCents, paymentCents, periodsPerYear } = input;
  checkCents('balanceCents', balanceCents);
  checkCents('paymentCents', paymentCents);
  const rate = rateInTenThousandths(input.annualRatePercent);
  const never: ScheduleOutcome = { payments: null, months: null, interestCents: null };
  let balance = balanceCents;
  let interest = 0;
  let payments = 0;
  if (balance > 0 && paymentCents <= periodInterestAt(balance, rate, periodsPerYear)) return never;
  while (balance > 0) {
    if (payments >= MAX_YEARS * periodsPerYear) return never;
    const periodInterest = periodInterestAt(balance, rate, periodsPerYear);
    balance += periodInterest - Math.min(paymentCents, balance + periodInterest);
    interest += periodInterest;
    payments += 1;
  }
  return { payments, months: (payments * 12) / periodsPerYear, interestCents: asCents(interest) };
}

/** Half the monthly payment, to the cent (a half cent rounds up, as the spec's panel does). */
export const halfPaymentCents = (monthlyCents: number) => Math.round(monthlyCents / 2);

const sum = (values: readonly (number | null)[]) =>
  values.some((v) => v === null) ? null : values.reduce<number>((total, v) => total + (v ?? 0), 0);
const longest = (values: readonly (number | null)[]) =>
  values.some((v) => v === null) ? null : Math.max(0, ...values.map((v) => v ?? 0));

/** Each loan monthly and every two weeks (half its payment), and their sums. */
export function twoWeekComparison(debts: readonly PlanDebt[]): TwoWeekComparison {
  const loans = debts.map((d) => {
    const base = { balanceCents: d.balanceCents, annualRatePercent: d.annualRatePercent };
    return {
      id: d.id,
      monthly: scheduleOutcome({ ...base, paymentCents: d.minimumPaymentCents, periodsPerYear: 12 }),
      twoWeekly: scheduleOutcome({
        ...base,
        paymentCents: halfPaymentCents(d.minimumPaymentCents),
        periodsPerYear: 26,
      }),
    };
  });
  const monthlyInterest = sum(loans.map((l) => l.monthly.interestCents));
  const twoWeeklyInterest = sum(loans.map((l) => l.twoWeekly.interestCents));
  return {
    loans,
    total: {
      monthlyInterestCents: monthlyInterest === null ? null : asCents(monthlyInterest),
      twoWeeklyInterestCents: twoWeeklyInterest === null ? null : asCents(twoWeeklyInterest),
      interestSavedCents:
        monthlyInterest === null || twoWeeklyInterest === null ? null : asCents(monthlyInterest - twoWeeklyInterest),
      monthlyMonths: longest(loans.map((l) => l.monthly.months)),
      twoWeeklyMonths: longest(loans.map((l) => l.twoWeekly.months)),
    },
  };
}

/**
 * The loans' rates weighted by their balances (to 2 decimals), beside the spec's plain average: the
 * rate one summed loan would need to cost about what the loans cost. All balances 0: the plain average.
 */
export function balanceWeightedRate(debts: readonly Pick<PlanDebt, 'balanceCents' | 'annualRatePercent'>[]): number {
  const total = debts.reduce((s, d) => s + d.balanceCents, 0);
  if (total === 0) {
    const plain = debts.reduce((s, d) => s + d.annualRatePercent, 0) / Math.max(1, debts.length);
    return Math.round(plain * 100) / 100;
  }
  const weighted = debts.reduce((s, d) => s + d.balanceCents * d.annualRatePercent, 0) / total;
  return Math.round(weighted * 100) / 100;
}
