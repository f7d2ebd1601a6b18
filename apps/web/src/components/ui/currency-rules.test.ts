import { describe, expect, it } from 'vitest';
import { digitsAfter, formatCurrencyDisplay, positionBeforeDigits, sanitizeCurrency } from './currency-rules.ts';

describe('sanitizeCurrency', () => {
  it.each([
    ['1234', '1234'],
    ['1234.5', '1234.5'],
    ['12.34', '12.34'],
    // Digits and the first point survive; letters, signs and later points go.
    ['00012a34.5.6', '1234.56'],
    ['1.2.3', '1.23'],
    ['$1,234.56', '1234.56'],
    ['-5', '5'],
    ['1e3', '13'],
    [' 4 2 ', '42'],
    // Leading zeros.
    ['007', '7'],
    ['000', '0'],
    ['0', '0'],
    ['0.5', '0.5'],
    ['00.50', '0.50'],
    ['.5', '0.5'],
    ['100', '100'],
    ['1000.05', '1000.05'],
    // Empty and nothing numeric becomes '0'.
    ['', '0'],
    ['abc', '0'],
    ['$', '0'],
    // A trailing point stays so the cents can still be typed.
    ['12.', '12.'],
    ['.', '0.'],
    // Cents stop at two digits.
    ['1.239', '1.23'],
    ['0.999', '0.99'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeCurrency(raw)).toBe(expected);
  });

  it('never loses precision on amounts larger than a float can hold exactly', () => {
    expect(sanitizeCurrency('98765432109876543210.12')).toBe('98765432109876543210.12');
  });
});

describe('formatCurrencyDisplay', () => {
  it.each([
    ['1234.5', '$1,234.5'],
    ['1234.56', '$1,234.56'],
    ['1234', '$1,234'],
    ['12.', '$12.'],
    ['0', '$0'],
    ['', '$0'],
    ['999', '$999'],
    ['1000', '$1,000'],
    ['1234567.8', '$1,234,567.8'],
  ])('while focused %j shows %j', (value, expected) => {
    expect(formatCurrencyDisplay(value, true)).toBe(expected);
  });

  it.each([
    ['1234', '$1,234.00'],
    ['12', '$12.00'],
    ['0', '$0.00'],
    ['', '$0.00'],
    ['12.', '$12.00'],
    ['1234.5', '$1,234.50'],
    ['1234.56', '$1,234.56'],
    ['1234567', '$1,234,567.00'],
  ])('when not focused %j shows %j', (value, expected) => {
    expect(formatCurrencyDisplay(value, false)).toBe(expected);
  });

  it('cleans a value that was never sanitized', () => {
    expect(formatCurrencyDisplay('007', false)).toBe('$7.00');
    expect(formatCurrencyDisplay('1a2b3c4', true)).toBe('$1,234');
  });
});

describe('caret helpers', () => {
  it('counts only the digits after the caret', () => {
    expect(digitsAfter('$1,234.56', 0)).toBe(6);
    expect(digitsAfter('$1,234.56', 3)).toBe(5);
    expect(digitsAfter('$1,234.56', 9)).toBe(0);
  });

  it('puts the caret before the same digits, and before a comma rather than after it', () => {
    // '$15,234' with 3 digits after the caret: between '5' and ',', not between ',' and '2'.
    expect(positionBeforeDigits('$15,234', 3)).toBe(3);
    expect(positionBeforeDigits('$15,234', 0)).toBe(7);
    expect(positionBeforeDigits('$12.', 0)).toBe(4);
    expect(positionBeforeDigits('$1,234.56', 2)).toBe(7);
  });

  it('never puts the caret before the dollar sign', () => {
    expect(positionBeforeDigits('$1,234', 4)).toBe(1);
    expect(positionBeforeDigits('$1,234', 9)).toBe(1);
  });
});
