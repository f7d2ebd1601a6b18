import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amortizationSchedule } from './amortization.ts';
import { asCents } from './cents.ts';
import { type PlanDebt, payoffPlan } from './payoff-plan.ts';
import { balanceWeightedRate, halfPaymentCents, scheduleOutcome, twoWeekComparison } from './two-week.ts';

const debt = (id: string, balance: number, rate: number, payment: number): PlanDebt => ({
  id,
  balanceCents: asCents(balance),
  annualRatePercent: rate,
  minimumPaymentCents: asCents(payment),
});

describe('scheduleOutcome', () => {
  it('worked example: $1,000 at 12 % paid $600 a month, or $300 every two weeks', () => {
    // Monthly: $10.00 interest, $410 left; then $4.10 interest and the last $414.10. 2 payments, $14.10.
    expect(
      scheduleOutcome({ balanceCents: 100_000, annualRatePercent: 12, paymentCents: 60_000, periodsPerYear: 12 }),
    ).toEqual({
      payments: 2,
      months: 2,
      interestCents: 1_410,
    });
    // Two-weekly at 12 % ÷ 26: $4.62 (461.54¢), then $3.25 on $704.62, $1.88 on $407.87, $0.51 on $109.75.
    expect(
      scheduleOutcome({ balanceCents: 100_000, annualRatePercent: 12, paymentCents: 30_000, periodsPerYear: 26 }),
    ).toEqual({
      payments: 4,
      months: (4 * 12) / 26,
      interestCents: 462 + 325 + 188 + 51,
    });
  });

  it('never pays off a payment no larger than the first period’s interest, nor one past 50 years', () => {
    const never = { payments: null, months: null, interestCents: null };
    expect(
      scheduleOutcome({ balanceCents: 100_000, annualRatePercent: 12, paymentCents: 1_000, periodsPerYear: 12 }),
    ).toEqual(never);
    expect(
      scheduleOutcome({ balanceCents: 100_000_00, annualRatePercent: 6, paymentCents: 50_001, periodsPerYear: 12 }),
    ).toEqual(never);
  });

  it('is the amortization schedule at 12 periods a year', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (balance, rateTenThousandths, payment) => {
          const rate = rateTenThousandths / 10_000;
          const ours = scheduleOutcome({
            balanceCents: balance,
            annualRatePercent: rate,
            paymentCents: payment,
            periodsPerYear: 12,
          });
          const schedule = amortizationSchedule({
            balanceCents: asCents(balance),
            annualRatePercent: rate,
            paymentCents: asCents(payment),
            maxPeriods: 600,
          });
          if (!schedule.paidOff) expect(ours.payments).toBeNull();
          else {
            expect(ours.payments).toBe(schedule.rows.length);
            expect(ours.interestCents).toBe(schedule.totalInterestCents);
          }
        },
      ),
    );
  });
});

const loans = fc.array(
  fc.record({
    balance: fc.integer({ min: 0, max: 5_000_000 }),
    rate: fc.integer({ min: 0, max: 300_000 }).map((r) => r / 10_000),
    payment: fc.integer({ min: 1, max: 500_000 }),
  }),
  { minLength: 1, maxLength: 5 },
);
const asDebts = (xs: { balance: number; rate: number; payment: number }[]) =>
  xs.map((x, i) => debt(`d${i}`, x.balance, x.rate, x.payment));

describe('twoWeekComparison', () => {
  it('agrees with the payoff plans: each loan’s monthly figures are the minimum-payments plan’s', () => {
    fc.assert(
      fc.property(loans, (xs) => {
        const debts = asDebts(xs);
        const result = twoWeekComparison(debts);
        const plan = payoffPlan({ debts, strategy: 'custom', rollover: false });
        result.loans.forEach((loan, i) => {
          const planned = plan.debts[i];
          if (planned?.payoffMonth === null) expect(loan.monthly.payments).toBeNull();
          else {
            expect(loan.monthly.payments ?? 0).toBe(planned?.payoffMonth);
            expect(loan.monthly.interestCents).toBe(planned?.interestCents);
          }
        });
        if (plan.debtFree) {
          expect(result.total.monthlyInterestCents).toBe(plan.totalInterestCents);
          expect(result.total.monthlyMonths).toBe(plan.months);
        }
      }),
    );
  });

  it('totals are the exact sums of the loans, and the saving their difference', () => {
    fc.assert(
      fc.property(loans, (xs) => {
        const { loans: each, total } = twoWeekComparison(asDebts(xs));
        if (each.every((l) => l.twoWeekly.interestCents !== null)) {
          expect(total.twoWeeklyInterestCents).toBe(each.reduce((s, l) => s + (l.twoWeekly.interestCents ?? 0), 0));
          expect(total.twoWeeklyMonths).toBe(Math.max(0, ...each.map((l) => l.twoWeekly.months ?? 0)));
        } else expect(total.twoWeeklyInterestCents).toBeNull();
        if (total.monthlyInterestCents !== null && total.twoWeeklyInterestCents !== null) {
          expect(total.interestSavedCents).toBe(total.monthlyInterestCents - total.twoWeeklyInterestCents);
        }
      }),
    );
  });

  it('paying half every two weeks never takes longer than paying monthly', () => {
    fc.assert(
      fc.property(loans, (xs) => {
        for (const loan of twoWeekComparison(asDebts(xs)).loans) {
          if (loan.monthly.months === null) continue;
          expect(loan.twoWeekly.months).not.toBeNull();
          expect(loan.twoWeekly.months ?? 0).toBeLessThanOrEqual(loan.monthly.months);
        }
      }),
    );
  });

  it('halves a payment to the cent, a half cent up', () => {
    expect(halfPaymentCents(60_000)).toBe(30_000);
    expect(halfPaymentCents(10_001)).toBe(5_001);
  });
});

describe('balanceWeightedRate', () => {
  it('weighs each rate by its balance, to two decimals', () => {
    // $9,000 at 4 % and $1,000 at 24 %: the plain average is 14 %, the weighted one 6 %.
    expect(balanceWeightedRate([debt('a', 900_000, 4, 1), debt('b', 100_000, 24, 1)])).toBe(6);
    expect(balanceWeightedRate([debt('a', 100_000, 5.255, 1), debt('b', 200_000, 7, 1)])).toBe(6.42);
  });

  it('is the plain average when nothing is owed', () => {
    expect(balanceWeightedRate([debt('a', 0, 4, 1), debt('b', 0, 24, 1)])).toBe(14);
  });
});
