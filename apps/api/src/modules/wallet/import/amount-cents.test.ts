import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToCents } from './amount-cents.ts';

describe('amountToCents', () => {
  it('reads the ways banks write amounts, to signed cents', () => {
    const cases: [string, '.' | ',', number][] = [
      ['-42.17', '.', -4_217],
      ['+2500', '.', 250_000],
      ['1,234.56', '.', 123_456],
      ['1.234,56', ',', 123_456],
      ['-9,9', ',', -990],
      ['(12.00)', '.', -1_200],
      ['12.50-', '.', -1_250],
      ['$ 1 000.00', '.', 100_000],
      ['.5', '.', 50],
      ['12.500', '.', 1_250],
      ['-0.00', '.', 0],
    ];
    for (const [raw, decimal, cents] of cases) expect(amountToCents(raw, decimal, 1)).toBe(cents);
  });

  it('refuses what is not an amount, naming the line', () => {
    expect(() => amountToCents('', '.', 7)).toThrow("Line 7: the amount '' is not a number");
    expect(() => amountToCents('1.2.3', '.', 7)).toThrow('is not a number');
    expect(() => amountToCents('12.505', '.', 7)).toThrow('has more than two decimals');
    expect(() => amountToCents('12e3', '.', 7)).toThrow('is not a number');
    expect(() => amountToCents('99999999999999', '.', 7)).toThrow('is too large');
  });

  it('reads back any amount written with either decimal mark', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom<'.' | ','>('.', ','), (cents, decimal) => {
        const abs = Math.abs(cents);
        const written = `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, '0')}`;
        expect(amountToCents(written, decimal, null)).toBe(cents === 0 ? 0 : cents);
      }),
    );
  });
});
