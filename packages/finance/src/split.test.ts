import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitCents, splitDifference } from './split.ts';

describe('splitCents', () => {
  it('splits $100.00 by thirds to the cent: the extra cent goes to the first of equal remainders', () => {
    // 10,000 × 33.33 % = 3,333 each (remainder 0), 33.34 % = 3,334: exact already.
    expect(splitCents(10_000, [{ percent: 33.33 }, { percent: 33.33 }, { percent: 33.34 }])).toEqual([
      3_333, 3_333, 3_334,
    ]);
    // $0.10 in three: 3.333… each; one cent left, to the first (a tie).
    expect(splitCents(10, [{ percent: 33.33 }, { percent: 33.33 }, { percent: 33.34 }])).toEqual([3, 3, 4]);
  });

  it('keeps the sign of the whole: a $45.67 purchase split 50/50', () => {
    // 4,567 × 50 % = 2,283.5 each: the first gets the cent.
    expect(splitCents(-4_567, [{ percent: 50 }, { percent: 50 }])).toEqual([-2_284, -2_283]);
  });

  it('takes fixed amounts first, then percentages of what is left', () => {
    // $120.00 purchase: $20.00 to one category, the other $100.00 split 70/30.
    expect(splitCents(-12_000, [{ cents: 2_000 }, { percent: 70 }, { percent: 30 }])).toEqual([-2_000, -7_000, -3_000]);
  });

  it('refuses shares that cannot make the whole', () => {
    expect(() => splitCents(1_000, [{ percent: 50 }, { percent: 40 }])).toThrow(RangeError);
    expect(() => splitCents(1_000, [{ cents: 600 }, { cents: 600 }])).toThrow(RangeError);
    expect(() => splitCents(1_000, [{ cents: 600 }, { cents: 300 }])).toThrow(RangeError);
    expect(() => splitCents(1_000, [{ percent: 50.005 }, { percent: 49.995 }])).toThrow(RangeError);
  });

  it('always adds up to the whole, each part signed like it and at most one cent from its exact share', () => {
    const shares = fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 20 }).map((weights) => {
      // Percentages in hundredths that add up to exactly 100 %.
      const total = weights.reduce((a, b) => a + b, 0);
      const bps = weights.map((w) => Math.floor((w * 10_000) / total));
      bps[0] = (bps[0] ?? 0) + 10_000 - bps.reduce((a, b) => a + b, 0);
      return bps.map((bp) => ({ percent: bp / 100 }));
    });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), shares, (total, parts) => {
        const got = splitCents(total, parts);
        expect(got.reduce<number>((a, b) => a + b, 0)).toBe(total);
        got.forEach((c, i) => {
          expect(c === 0 || Math.sign(c) === Math.sign(total)).toBe(true);
          const exact = (Math.abs(total) * (parts[i]?.percent ?? 0)) / 100;
          expect(Math.abs(Math.abs(c) - exact)).toBeLessThan(1 + 1e-6 * Math.abs(total));
        });
      }),
    );
  });
});

describe('splitDifference', () => {
  it('is what the parts add up to past the whole', () => {
    expect(splitDifference(-5_000, [-2_000, -2_500])).toBe(500);
    expect(splitDifference(-5_000, [-2_000, -3_500])).toBe(-500);
    expect(splitDifference(-5_000, [-2_000, -3_000])).toBe(0);
  });
});
