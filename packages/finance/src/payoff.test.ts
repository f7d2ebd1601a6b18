import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareMonthlyBiweekly, nextPaymentSplit, payoffEstimate } from './payoff.ts';

describe('payoffEstimate', () => {
  it('$10,000 at 6 % paying $200 a month: 57.68 months and $1,536.03 of interest', () => {
    // r = 6 % / 12 = 0.5 %; n = −ln(1 − 0.005 × 10,000 / 200) / ln(1.005) = −ln(0.75) / ln(1.005)
    //   = 0.287682 / 0.0049875 = 57.680; interest = 57.680 × $200 − $10,000 = $1,536.03.
    const e = payoffEstimate({
      balanceCents: 1_000_000,
      annualRatePercent: 6,
      paymentCents: 20_000,
      periodsPerYear: 12,
    });
    expect(e.periods).toBeCloseTo(57.680136, 5);
    expect(e.totalInterestCents).toBe(153_603);
  });

  it('a zero rate takes balance ÷ payment periods and costs nothing', () => {
    expect(
      payoffEstimate({ balanceCents: 120_000, annualRatePercent: 0, paymentCents: 10_000, periodsPerYear: 12 }),
    ).toEqual({
      periods: 12,
      totalInterestCents: 0,
    });
  });

  it('never pays off when the payment does not exceed one period’s interest', () => {
    // $10,000 at 24 % accrues $200 a month: a $200 payment only covers the interest.
    const e = payoffEstimate({
      balanceCents: 1_000_000,
      annualRatePercent: 24,
      paymentCents: 20_000,
      periodsPerYear: 12,
    });
    expect(e).toEqual({ periods: Number.POSITIVE_INFINITY, totalInterestCents: Number.POSITIVE_INFINITY });
  });

  it('is already paid off at a zero balance', () => {
    expect(
      payoffEstimate({ balanceCents: 0, annualRatePercent: 5, paymentCents: 100, periodsPerYear: 12 }).periods,
    ).toBe(0);
  });

  const loan = fc.record({
    balanceCents: fc.integer({ min: 1, max: 100_000_000 }),
    // Rates carry four decimals, as the database stores them (numeric(7,4)).
    annualRatePercent: fc.integer({ min: 0, max: 400_000 }).map((x) => x / 10_000),
    paymentCents: fc.integer({ min: 1, max: 10_000_000 }),
  });

  it('pays at least the balance, and more payment never means more interest or more time', () => {
    fc.assert(
      fc.property(loan, fc.integer({ min: 1, max: 1_000_000 }), (l, extra) => {
        const base = payoffEstimate({ ...l, periodsPerYear: 12 });
        const more = payoffEstimate({ ...l, paymentCents: l.paymentCents + extra, periodsPerYear: 12 });
        if (Number.isFinite(base.periods)) {
          expect(base.totalInterestCents).toBeGreaterThanOrEqual(0);
          expect(base.periods * l.paymentCents).toBeGreaterThanOrEqual(l.balanceCents * (1 - 1e-9));
          expect(more.totalInterestCents).toBeLessThanOrEqual(base.totalInterestCents + 1);
          expect(more.periods).toBeLessThanOrEqual(base.periods + 1e-9);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('nextPaymentSplit', () => {
  it('interest is balance × rate ÷ 12; principal is the rest of the payment', () => {
    // $18,000 at 6.5 %: 18,000 × 0.065 ÷ 12 = $97.50 interest; $450 − $97.50 = $352.50 principal.
    expect(nextPaymentSplit({ balanceCents: 1_800_000, annualRatePercent: 6.5, paymentCents: 45_000 })).toEqual({
      interestCents: 9_750,
      principalCents: 35_250,
    });
  });

  it('rounds the interest to the cent, and the two parts always add up to the payment', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.integer({ min: 0, max: 1e7 }),
        (b, r, p) => {
          const s = nextPaymentSplit({ balanceCents: b, annualRatePercent: r, paymentCents: p });
          expect(Number.isInteger(s.interestCents)).toBe(true);
          expect(s.interestCents + s.principalCents).toBe(p);
        },
      ),
    );
  });
});

describe('compareMonthlyBiweekly', () => {
  it('$10,000 at 6 %: $100 every two weeks saves 5.15 months and $153.80 against $200 a month', () => {
    // Biweekly: r = 6 % / 26; n = 113.822 payments of $100 = 52.53 months; interest $1,382.23.
    const c = compareMonthlyBiweekly({ balanceCents: 1_000_000, annualRatePercent: 6, monthlyPaymentCents: 20_000 });
    expect(c.biweekly.periods).toBeCloseTo(113.822313, 5);
    expect(c.biweekly.totalInterestCents).toBe(138_223);
    expect(c.monthsSaved).toBeCloseTo(5.1468, 3);
    expect(c.interestSavedCents).toBe(15_380);
  });

  it('says nothing is saved (NaN) when the monthly payment never pays off', () => {
    const c = compareMonthlyBiweekly({ balanceCents: 1_000_000, annualRatePercent: 30, monthlyPaymentCents: 20_000 });
    expect(c.monthly.periods).toBe(Number.POSITIVE_INFINITY);
    expect(c.monthsSaved).toBeNaN();
  });
});
