import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatCompactCents } from './format.ts';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [-1200, '-$12.00'],
  ])('%s cents reads %s', (cents, text) => expect(formatCents(cents)).toBe(text));

  it('always shows exactly the cents it was given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 }), (cents) => {
        const digits = formatCents(cents).replace(/[$,.]/g, '');
        expect(BigInt(digits)).toBe(BigInt(cents));
      }),
    );
  });
});

describe('formatCompactCents', () => {
  it.each([
    // Below $1,000 it is formatCents, cents and all.
    [0, '$0.00'],
    [99_999, '$999.99'],
    [-1_200, '-$12.00'],
    // $1,000 is 1.0 thousand, and the '.0' goes.
    [100_000, '$1K'],
    [150_000, '$1.5K'],
    // $1,049.99 is 1.04999 K → 1.0 → '$1K'; $1,050 is exactly 1.05 K → half-up → 1.1.
    [104_999, '$1K'],
    [105_000, '$1.1K'],
    // $12,345 is 12.345 K → 12.3.
    [1_234_500, '$12.3K'],
    // $999,949.99 is 999.94999 K → 999.9; $999,950 is 999.95 K → 1,000.0 K, which carries on to
    // millions: 0.99995 M → 1.0 → '$1M'.
    [99_994_999, '$999.9K'],
    [99_995_000, '$1M'],
    [99_999_999, '$1M'],
    [250_000_000, '$2.5M'],
    // $999,950,000 is 999.95 M → carries to 0.99995 B → '$1B'.
    [99_994_999_999, '$999.9M'],
    [99_995_000_000, '$1B'],
    [120_000_000_000, '$1.2B'],
    // $12,345,678,901,234 is 12,345.678… B → 12,345.7, with a thousands separator.
    [1_234_567_890_123_400, '$12,345.7B'],
    [-150_000, '-$1.5K'],
    [-99_995_000, '-$1M'],
  ])('%s cents reads %s', (cents, text) => expect(formatCompactCents(cents)).toBe(text));

  it.each([[0.5], [Number.NaN], [2 ** 53]])('refuses %s', (cents) => {
    expect(() => formatCompactCents(cents)).toThrow(RangeError);
  });

  const units = { K: 100_000n, M: 100_000_000n, B: 100_000_000_000n } as const;

  it('shows the amount rounded half-up to a tenth of the largest unit that keeps it under 1,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: Number.MAX_SAFE_INTEGER }), fc.boolean(), (abs, negative) => {
        const text = formatCompactCents(negative ? -abs : abs);
        const match = /^(-?)\$([\d,]+)(?:\.([1-9]))?([KMB])$/.exec(text);
        expect(match, text).not.toBeNull();
        const [, sign, whole = '', decimal = '0', suffix = 'K'] = match ?? [];
        expect(sign).toBe(negative ? '-' : '');
        const unit = units[suffix as keyof typeof units];
        const tenths = BigInt(whole.replaceAll(',', '')) * 10n + BigInt(decimal);
        // Half-up: t tenths stand for [t − ½, t + ½) tenths of the unit, so twice the amount in
        // tenths, floored, is 2t − 1 or 2t. Checked in BigInt, away from float rounding.
        const doubled = (BigInt(abs) * 2n) / (unit / 10n);
        expect(doubled === tenths * 2n - 1n || doubled === tenths * 2n, text).toBe(true);
        if (suffix !== 'B') expect(tenths < 10_000n, text).toBe(true);
        // A larger unit only once the smaller one would have rounded to 1,000 (999.95 of it).
        if (suffix !== 'K') expect(BigInt(abs) * 100n >= (unit / 1000n) * 99_995n, text).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
