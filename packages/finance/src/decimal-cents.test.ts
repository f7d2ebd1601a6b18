import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyError } from './cents.ts';
import { decimalToCents } from './decimal-cents.ts';

describe('decimalToCents', () => {
  it.each([
    ['-33293.43', -3329343],
    ['12', 1200],
    ['+0.5', 50],
    ['0.00', 0],
    ['-0.00', 0],
    ['0007.10', 710],
    ['0.125', 12],
    ['0.135', 14],
    ['0.1251', 13],
    ['-2.675', -268],
    ['1.2349999', 123],
    ['9999999999999.99', 999999999999999],
  ])('%s is %i cents', (text, cents) => {
    expect(decimalToCents(text)).toBe(cents);
  });

  it.each(['', '1,000.00', '1e3', '$5', '.5', '5.', '--1', 'NaN', '10000000000000.00'])('refuses %j', (text) => {
    expect(() => decimalToCents(text)).toThrow(MoneyError);
  });

  it('reads back any whole number of cents written with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999_999, max: 99_999_999_999_999 }), (cents) => {
        const abs = Math.abs(cents);
        const text = `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
        expect(decimalToCents(text)).toBe(cents === 0 ? 0 : cents);
      }),
    );
  });
});
