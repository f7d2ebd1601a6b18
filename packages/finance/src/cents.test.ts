import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, MoneyError } from './cents.ts';

describe('dollarsToCents', () => {
  it.each([
    [0, 0],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1234567.89, 123456789],
    [-42.5, -4250],
    [1e-10, 0],
  ])('%s dollars is %s cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it.each([[10.005], [0.001], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses %s', (dollars) => {
    expect(() => dollarsToCents(dollars)).toThrow(MoneyError);
  });

  it('round-trips every cent amount a person could hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });
});
