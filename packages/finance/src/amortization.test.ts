import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amortizationSchedule } from './amortization.ts';
import { monthlyInterestCents } from './monthly-interest.ts';
import { payoffEstimate } from './payoff.ts';

describe('amortizationSchedule', () => {
  it('$1,000 at 12 % paying $300: four payments, the last one partial, $22.48 of interest', () => {
    // 12 % a year is 1 % a month.
    // 1: interest 1 % × $1,000.00 = $10.00;  principal $300 − $10.00 = $290.00; balance $710.00.
    // 2: interest 1 % × $710.00   = $7.10;   principal $292.90;                  balance $417.10.
    // 3: interest 1 % × $417.10   = $4.171 → $4.17; principal $295.83;           balance $121.27.
    // 4: interest 1 % × $121.27   = $1.2127 → $1.21; owed $122.48 < $300, so the payment is $122.48.
    // Interest $10.00 + $7.10 + $4.17 + $1.21 = $22.48; paid 3 × $300 + $122.48 = $1,022.48.
    const s = amortizationSchedule({ balanceCents: 100_000, annualRatePercent: 12, paymentCents: 30_000 });
    expect(s.rows).toEqual([
      { period: 1, paymentCents: 30_000, interestCents: 1_000, principalCents: 29_000, balanceCents: 71_000 },
      { period: 2, paymentCents: 30_000, interestCents: 710, principalCents: 29_290, balanceCents: 41_710 },
      { period: 3, paymentCents: 30_000, interestCents: 417, principalCents: 29_583, balanceCents: 12_127 },
      { period: 4, paymentCents: 12_248, interestCents: 121, principalCents: 12_127, balanceCents: 0 },
    ]);
    expect(s).toMatchObject({ paidOff: true, totalInterestCents: 2_248, totalPaidCents: 102_248 });
  });

  it('$10,000 at 6 % paying $200 takes the 58 payments payoffEstimate rounds 57.68 up to', () => {
    // Month 1: 0.5 % × $10,000 = $50.00 interest, $150.00 principal. The formula's $1,536.03 prices the
    // last 0.68 of a payment as if it fell a full month late; paid month by month it is $1,536.16.
    const s = amortizationSchedule({ balanceCents: 1_000_000, annualRatePercent: 6, paymentCents: 20_000 });
    expect(s.rows).toHaveLength(58);
    expect(s.rows[0]).toEqual({
      period: 1,
      paymentCents: 20_000,
      interestCents: 5_000,
      principalCents: 15_000,
      balanceCents: 985_000,
    });
    expect(s.rows.at(-1)).toEqual({
      period: 58,
      paymentCents: 13_616,
      interestCents: 68,
      principalCents: 13_548,
      balanceCents: 0,
    });
    expect(s.totalInterestCents).toBe(153_616);
  });

  it('has nothing to pay at a zero balance', () => {
    expect(amortizationSchedule({ balanceCents: 0, annualRatePercent: 5, paymentCents: 0 })).toEqual({
      rows: [],
      paidOff: true,
      totalInterestCents: 0,
      totalPaidCents: 0,
    });
  });

  it('answers at once when the payment only covers the interest', () => {
    // $10,000 at 24 % accrues $200 a month: paying $200 leaves the balance where it was, forever.
    expect(amortizationSchedule({ balanceCents: 1_000_000, annualRatePercent: 24, paymentCents: 20_000 })).toEqual({
      rows: [],
      paidOff: false,
      totalInterestCents: 0,
      totalPaidCents: 0,
    });
    // At 0 % a zero payment is no better.
    expect(amortizationSchedule({ balanceCents: 100, annualRatePercent: 0, paymentCents: 0 }).paidOff).toBe(false);
  });

  it('stops unpaid at maxPeriods', () => {
    // The first two months of the $1,000 example: $10.00 + $7.10 of interest, $600 paid.
    const s = amortizationSchedule({
      balanceCents: 100_000,
      annualRatePercent: 12,
      paymentCents: 30_000,
      maxPeriods: 2,
    });
    expect(s).toMatchObject({ paidOff: false, totalInterestCents: 1_710, totalPaidCents: 60_000 });
    expect(s.rows.map((r) => r.balanceCents)).toEqual([71_000, 41_710]);
  });

  it.each([
    { balanceCents: -1, annualRatePercent: 5, paymentCents: 100 },
    { balanceCents: 100, annualRatePercent: 5, paymentCents: 0.5 },
    { balanceCents: 100, annualRatePercent: Number.NaN, paymentCents: 100 },
    { balanceCents: 100, annualRatePercent: 5, paymentCents: 100, maxPeriods: -1 },
  ])('refuses %o', (input) => {
    expect(() => amortizationSchedule(input)).toThrow(RangeError);
  });

  // A payment that clears the first month's interest by at least a cent, so the loan pays off.
  const loan = fc
    .record({
      balanceCents: fc.integer({ min: 1, max: 50_000_000 }),
      annualRatePercent: fc.integer({ min: 0, max: 300_000 }).map((x) => x / 10_000),
      principalCents: fc.integer({ min: 1, max: 1_000_000 }),
    })
    .map(({ balanceCents, annualRatePercent, principalCents }) => ({
      balanceCents,
      annualRatePercent,
      paymentCents: monthlyInterestCents(balanceCents, annualRatePercent) + principalCents,
    }));

  it('only ever lowers the balance, and the payments add up to balance plus interest', () => {
    fc.assert(
      fc.property(loan, (l) => {
        const s = amortizationSchedule(l);
        let before = l.balanceCents;
        let principal = 0;
        // Breaches are collected: an expect() per row would make 1,200-month loans slow to check.
        const breaches: number[] = [];
        for (const row of s.rows) {
          if (
            row.balanceCents < 0 ||
            row.balanceCents >= before ||
            row.interestCents !== monthlyInterestCents(before, l.annualRatePercent) ||
            row.paymentCents > l.paymentCents ||
            row.principalCents !== row.paymentCents - row.interestCents ||
            row.balanceCents !== before - row.principalCents
          ) {
            breaches.push(row.period);
          }
          principal += row.principalCents;
          before = row.balanceCents;
        }
        expect(breaches).toEqual([]);
        if (s.paidOff) expect(principal).toBe(l.balanceCents);
        expect(s.totalPaidCents).toBe(l.balanceCents - before + s.totalInterestCents);
      }),
      { numRuns: 500 },
    );
  });

  it('never charges more interest for a larger payment', () => {
    fc.assert(
      fc.property(loan, fc.integer({ min: 1, max: 1_000_000 }), (l, more) => {
        const base = amortizationSchedule(l);
        const larger = amortizationSchedule({ ...l, paymentCents: l.paymentCents + more });
        expect(larger.totalInterestCents).toBeLessThanOrEqual(base.totalInterestCents);
        expect(larger.rows.length).toBeLessThanOrEqual(base.rows.length);
      }),
      { numRuns: 500 },
    );
  });

  it('takes as many months as payoffEstimate rounds up to, give or take one', () => {
    // Each month's interest is rounded by at most half a cent; a loan whose first payment carries a
    // dollar or more of principal absorbs that drift within a month. (With a cent or two of principal
    // the drift compounds: a 1,000-month loan can end several months away from the formula.)
    const steady = fc
      .record({
        balanceCents: fc.integer({ min: 1, max: 50_000_000 }),
        annualRatePercent: fc.integer({ min: 0, max: 300_000 }).map((x) => x / 10_000),
        principalCents: fc.integer({ min: 100, max: 1_000_000 }),
      })
      .map(({ balanceCents, annualRatePercent, principalCents }) => ({
        balanceCents,
        annualRatePercent,
        paymentCents: monthlyInterestCents(balanceCents, annualRatePercent) + principalCents,
      }));
    fc.assert(
      fc.property(steady, (l) => {
        const s = amortizationSchedule(l);
        if (!s.paidOff) return;
        const estimate = payoffEstimate({ ...l, periodsPerYear: 12 });
        expect(Math.abs(s.rows.length - Math.ceil(estimate.periods))).toBeLessThanOrEqual(1);
      }),
      { numRuns: 1000 },
    );
  });
});
