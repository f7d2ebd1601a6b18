import { describe, expect, it } from 'vitest';
import { type Cents, cents, centsToDollars, type Dollars, dollarsOf, dollarsToCents, MoneyError } from './cents.ts';
import { formatCents } from './format.ts';
import { monthlyInterestCents } from './monthly-interest.ts';

// The `@ts-expect-error` lines are the test: `tsc -b` (part of `npm test`) fails when one of them
// stops being an error, i.e. when a cents figure could be used as dollars or the other way round.

describe('Cents and Dollars', () => {
  it('a cents figure can not be passed where dollars are meant', () => {
    const balance: Cents = cents(1_825_050);
    // @ts-expect-error Cents is not dollars: this would be 100 times too much.
    expect(dollarsToCents(balance)).toBe(182_505_000);
    // @ts-expect-error …and Cents is not a dollar figure to hand out either.
    const wrong: Dollars = balance;
    expect(wrong).toBe(1_825_050);
    expect(centsToDollars(balance)).toBe(18_250.5);
  });

  it('a dollar figure can not be passed where cents are meant', () => {
    const payment: Dollars = dollarsOf(450);
    // @ts-expect-error Dollars into the math would be 100 times too little.
    expect(monthlyInterestCents(payment, 12)).toBe(5);
    // @ts-expect-error …or shown as $4.50.
    expect(formatCents(payment)).toBe('$4.50');
    expect(formatCents(dollarsToCents(payment))).toBe('$450.00');
  });

  it('plain numbers stay welcome on both sides (literals, sums), and the math answers Cents', () => {
    const interest: Cents = monthlyInterestCents(100_000, 12);
    expect(interest).toBe(1_000);
    expect(dollarsToCents(19.99)).toBe(1_999);
  });

  it('checks what it brands: cents are whole, dollars have at most two decimals', () => {
    expect(() => cents(1.5)).toThrow(MoneyError);
    expect(() => cents(Number.MAX_SAFE_INTEGER + 1)).toThrow(MoneyError);
    expect(() => dollarsOf(1.005)).toThrow(MoneyError);
    expect(dollarsOf(1.05)).toBe(1.05);
  });
});
