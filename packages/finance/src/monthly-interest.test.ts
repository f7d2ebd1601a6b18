import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyInterestCents, rateInTenThousandths } from './monthly-interest.ts';

/** The same sum in BigInt from the rate's decimal digits: what the fast path must agree with. */
function reference(balanceCents: number, rateTenThousandths: number): number {
  return Number((BigInt(balanceCents) * BigInt(rateTenThousandths) * 2n + 12_000_000n) / 24_000_000n);
}

describe('monthlyInterestCents', () => {
  it.each([
    // $18,000 at 6.5 %: 1,800,000 × 6.5 ÷ 1,200 = 9,750 cents exactly.
    [1_800_000, 6.5, 9_750],
    // $200 at 24.99 %: 20,000 × 24.99 ÷ 1,200 = 416.5 → 417. In floats it is 416.49999999999994 → 416.
    [20_000, 24.99, 417],
    // $1,800 at 19.99 %: 180,000 × 19.99 ÷ 1,200 = 2,998.5 → 2,999 (floats: 2,998.4999999999995).
    [180_000, 19.99, 2_999],
    // $1 at 6 %: 100 × 6 ÷ 1,200 = 0.5 → 1 (half-up); 1 cent at 6 % is 0.005 → 0.
    [100, 6, 1],
    [1, 6, 0],
    // $1,000 at 12 %: 1 % a month, $10.00.
    [100_000, 12, 1_000],
    [0, 30, 0],
    [5_000_000, 0, 0],
  ])('%s cents at %s percent is %s cents', (balance, rate, interest) => {
    expect(monthlyInterestCents(balance, rate)).toBe(interest);
  });

  it('stays exact past 2^53 through BigInt', () => {
    // 9,007,199,254,740,991 × 12 ÷ 1,200 = 90,071,992,547,409.91 → 90,071,992,547,410; the product
    // 9,007,199,254,740,991 × 120,000 is far beyond a safe integer.
    expect(monthlyInterestCents(Number.MAX_SAFE_INTEGER, 12)).toBe(90_071_992_547_410);
  });

  it.each([
    [-1, 5],
    [1.5, 5],
    [Number.NaN, 5],
    [100, -0.0001],
    [100, Number.POSITIVE_INFINITY],
  ])('refuses balance %s at %s percent', (balance, rate) => {
    expect(() => monthlyInterestCents(balance, rate)).toThrow(RangeError);
  });

  it('reads a rate as its four decimals', () => {
    // 6.5 × 10,000 and 0.1 + 0.2 style noise must not shift a rate by one ten-thousandth.
    expect(rateInTenThousandths(6.5)).toBe(65_000);
    expect(rateInTenThousandths(0.1 + 0.2)).toBe(3_000);
    expect(rateInTenThousandths(29.9999)).toBe(299_999);
  });

  it('equals the exact BigInt sum for every balance and four-decimal rate', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })),
        fc.integer({ min: 0, max: 1_000_000 }),
        (balance, rate) => {
          expect(monthlyInterestCents(balance, rate / 10_000)).toBe(reference(balance, rate));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('never falls as the balance grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 0, max: 300_000 }),
        (balance, more, rate) => {
          const r = rate / 10_000;
          expect(monthlyInterestCents(balance + more, r)).toBeGreaterThanOrEqual(monthlyInterestCents(balance, r));
        },
      ),
    );
  });
});
