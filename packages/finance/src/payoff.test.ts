import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amortizationSchedule } from './amortization.ts';
import { compareMonthlyBiweekly, nextPaymentSplit, payoffEstimate } from './payoff.ts';

/** A loan as the app stores it: whole cents, a rate with four decimals (numeric(7,4)). */
const loan = fc.record({
  balanceCents: fc.integer({ min: 1, max: 100_000_000 }),
  rateTenThousandths: fc.integer({ min: 0, max: 400_000 }),
  paymentCents: fc.integer({ min: 1, max: 10_000_000 }),
});
const percent = (rateTenThousandths: number) => rateTenThousandths / 10_000;

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

  it('$2,400 at 18 % paying $1,000 a month: 2.46 months and $62.55 of interest', () => {
    // r = 1.5 %; n = −ln(1 − 0.015 × 2,400 / 1,000) / ln(1.015) = −ln(0.964) / ln(1.015)
    //   = 0.0366640 / 0.0148886 = 2.462553; interest = 2.462553 × $1,000 − $2,400 = $62.55.
    // By hand, month by month: 2,400 × 1.015 − 1,000 = 1,436; × 1.015 − 1,000 = 457.54;
    // × 1.015 = 464.40 is then less than a payment: the third payment is the partial one.
    const e = payoffEstimate({
      balanceCents: 240_000,
      annualRatePercent: 18,
      paymentCents: 100_000,
      periodsPerYear: 12,
    });
    expect(e.periods).toBeCloseTo(2.462553, 5);
    expect(Math.ceil(e.periods)).toBe(3);
    expect(e.totalInterestCents).toBe(6_255);
  });

  it('a zero rate takes balance ÷ payment periods and costs nothing', () => {
    // $1,200 at $100 a month: 12 payments, no interest.
    expect(
      payoffEstimate({ balanceCents: 120_000, annualRatePercent: 0, paymentCents: 10_000, periodsPerYear: 12 }),
    ).toEqual({ periods: 12, totalInterestCents: 0 });
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

  it('counts the payments a month-by-month simulation of the loan needs', () => {
    // Independent of the closed formula: grow the balance by a month's interest, take a payment,
    // and count until it is paid. The estimate's fraction of a period is the last, partial payment.
    fc.assert(
      fc.property(loan, ({ balanceCents, rateTenThousandths, paymentCents }) => {
        const r = percent(rateTenThousandths) / 100 / 12;
        fc.pre(paymentCents > balanceCents * r * 1.001); // it pays off…
        let balance = balanceCents;
        let payments = 0;
        while (balance > 1e-6 && payments <= 600) {
          balance = balance * (1 + r) - paymentCents;
          payments++;
        }
        fc.pre(payments <= 600); // …within 50 years, so the loop stays short
        const e = payoffEstimate({
          balanceCents,
          annualRatePercent: percent(rateTenThousandths),
          paymentCents,
          periodsPerYear: 12,
        });
        expect(e.periods).toBeGreaterThan(payments - 1 - 1e-6);
        expect(e.periods).toBeLessThanOrEqual(payments + 1e-6);
      }),
      { numRuns: 1000 },
    );
  });

  it('pays at least the balance, and more payment never means more interest or more time', () => {
    fc.assert(
      fc.property(loan, fc.integer({ min: 1, max: 1_000_000 }), (l, extra) => {
        const input = { ...l, annualRatePercent: percent(l.rateTenThousandths), periodsPerYear: 12 };
        const base = payoffEstimate(input);
        const more = payoffEstimate({ ...input, paymentCents: l.paymentCents + extra });
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
  it.each([
    // [what, balance ¢, rate %, payment ¢, interest ¢, principal ¢], each worked by hand:
    // $18,000 × 6.5 % ÷ 12 = $97.50 interest; $450 − $97.50 = $352.50 principal.
    ['a car loan', 1_800_000, 6.5, 45_000, 9_750, 35_250],
    // $250,000 × 3.875 % ÷ 12 = $807.2916…, $807.29; $1,175.59 − $807.29 = $368.30.
    ['a mortgage, rounded down', 25_000_000, 3.875, 117_559, 80_729, 36_830],
    // $333.33 × 7 % ÷ 12 = 194.4425¢, $1.94; $25 − $1.94 = $23.06.
    ['a small balance', 33_333, 7, 2_500, 194, 2_306],
    // $1.00 × 6 % ÷ 12 = exactly 0.5¢: half a cent rounds up to 1¢; 10¢ − 1¢ = 9¢.
    ['half a cent, rounded up', 100, 6, 10, 1, 9],
    // $10,000 × 24 % ÷ 12 = $200 interest; a $150 payment leaves −$50: the balance grows by $50.
    ['a payment below the interest', 1_000_000, 24, 15_000, 20_000, -5_000],
    // Nothing owed, nothing charged: the whole payment would be principal.
    ['no balance', 0, 9.99, 5_000, 0, 5_000],
  ])('%s', (_what, balanceCents, annualRatePercent, paymentCents, interestCents, principalCents) => {
    expect(nextPaymentSplit({ balanceCents, annualRatePercent, paymentCents })).toEqual({
      interestCents,
      principalCents,
    });
  });

  it('charges the month’s interest to the nearest cent, half a cent up', () => {
    // Exact: interest I is balance × rate ÷ 1,200 (rate in percent) rounded half up, that is
    // I − ½ ≤ balance × k ÷ 12,000,000 < I + ½ for the rate's k ten-thousandths of a percent.
    const anyLoan = fc.tuple(
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: 0, max: 1_000_000 }),
    );
    // Ties, which random values almost never hit: at 6 % (k = 60,000), $2q + $1.00 has exactly
    // q + ½ cents of interest.
    const tie = fc.integer({ min: 0, max: 1e12 }).map((q) => [200 * q + 100, 60_000] as const);
    fc.assert(
      fc.property(fc.oneof(anyLoan, tie), ([balanceCents, k]) => {
        const { interestCents } = nextPaymentSplit({ balanceCents, annualRatePercent: percent(k), paymentCents: 0 });
        const twelveMillionTimesGap = 12_000_000n * BigInt(interestCents) - BigInt(balanceCents) * BigInt(k);
        expect(twelveMillionTimesGap > -6_000_000n && twelveMillionTimesGap <= 6_000_000n).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('is what the first month of the loan’s schedule does: the principal is what the balance drops by', () => {
    fc.assert(
      fc.property(loan, ({ balanceCents, rateTenThousandths, paymentCents }) => {
        const input = { balanceCents, annualRatePercent: percent(rateTenThousandths), paymentCents };
        const split = nextPaymentSplit(input);
        fc.pre(split.principalCents > 0 && split.principalCents < balanceCents); // an ordinary month
        const [first] = amortizationSchedule({ ...input, maxPeriods: 1 }).rows;
        expect(first?.interestCents).toBe(split.interestCents);
        expect(first?.balanceCents).toBe(balanceCents - split.principalCents);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('compareMonthlyBiweekly', () => {
  it('$10,000 at 6 %: $100 every two weeks saves 5.15 months and $153.80 against $200 a month', () => {
    // Biweekly: r = 6 % / 26 = 0.230769 %; n = −ln(1 − 0.00230769 × 10,000 / 100) / ln(1.00230769)
    //   = −ln(0.769231) / 0.00230503 = 0.262364 / 0.00230503 = 113.822 payments of $100,
    //   = 113.822 × 12 / 26 = 52.533 months; interest 113.822 × $100 − $10,000 = $1,382.23.
    // Monthly (above): 57.680 months, $1,536.03. Saved: 5.147 months and $153.80.
    const c = compareMonthlyBiweekly({ balanceCents: 1_000_000, annualRatePercent: 6, monthlyPaymentCents: 20_000 });
    expect(c.biweekly.periods).toBeCloseTo(113.822313, 5);
    expect(c.biweekly.totalInterestCents).toBe(138_223);
    expect(c.monthsSaved).toBeCloseTo(5.1468, 3);
    expect(c.interestSavedCents).toBe(15_380);
  });

  it('half the payment every two weeks (13 payments a year) never takes longer or costs more', () => {
    fc.assert(
      fc.property(loan, ({ balanceCents, rateTenThousandths, paymentCents }) => {
        const c = compareMonthlyBiweekly({
          balanceCents,
          annualRatePercent: percent(rateTenThousandths),
          monthlyPaymentCents: paymentCents,
        });
        fc.pre(Number.isFinite(c.monthly.periods));
        expect(c.monthsSaved).toBeGreaterThanOrEqual(-1e-9);
        expect(c.interestSavedCents).toBeGreaterThanOrEqual(-1); // each total is rounded to the cent
      }),
      { numRuns: 2000 },
    );
  });

  it('says nothing is saved (NaN) when the monthly payment never pays off', () => {
    // $10,000 at 30 % accrues $250 a month, more than the $200 payment.
    const c = compareMonthlyBiweekly({ balanceCents: 1_000_000, annualRatePercent: 30, monthlyPaymentCents: 20_000 });
    expect(c.monthly.periods).toBe(Number.POSITIVE_INFINITY);
    expect(c.monthsSaved).toBeNaN();
  });
});
