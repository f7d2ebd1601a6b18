import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountOf,
  digitsAfter,
  formatCurrencyDisplay,
  isAmountText,
  positionBeforeDigits,
  readTypedAmount,
  typedAfterEdit,
} from './currency-rules.ts';

const read = (typed: string) => readTypedAmount(typed);

describe('readTypedAmount', () => {
  it.each([
    ['1234', '1234'],
    ['1234.5', '1234.5'],
    ['12.34', '12.34'],
    // Commas where thousands separators go are read as such.
    ['1,234.56', '1234.56'],
    ['$1,234,567', '1234567'],
    ['12,345', '12345'],
    // Anything but digits, points and commas is dropped as typed.
    ['00012a34.5', '1234.5'],
    ['-5', '5'],
    ['1e3', '13'],
    [' 4 2 ', '42'],
    // Leading zeros.
    ['007', '7'],
    ['000', '0'],
    ['0.5', '0.5'],
    ['00.50', '0.50'],
    ['.5', '0.5'],
    ['1000.05', '1000.05'],
    // Empty and nothing numeric becomes '0'.
    ['', '0'],
    ['abc', '0'],
    // A trailing point stays so the cents can still be typed.
    ['12.', '12.'],
    ['.', '0.'],
  ])('%j is the amount %j', (typed, value) => {
    expect(read(typed)).toEqual({ ok: true, value });
  });

  it.each([
    // The case: "12,34.5" was saved as $1,234.50.
    ['12,34.5', '12,34.5'],
    ['1234,5', '1234,5'],
    ['1,23', '1,23'],
    ['1,2345', '1,2345'],
    [',123', ',123'],
    ['12,', '12,'],
    ['1.5,0', '1.5,0'],
    // A second decimal point.
    ['1.2.3', '1.2.3'],
    ['$1..5', '1..5'],
    // More than cents.
    ['1.239', '1.239'],
  ])('%j is not an amount and stays %j', (typed, text) => {
    expect(read(typed)).toEqual({ ok: false, text });
  });

  it('never loses precision on amounts larger than a float can hold exactly', () => {
    expect(read('98765432109876543210.12')).toEqual({ ok: true, value: '98765432109876543210.12' });
  });

  const cents = fc.bigInt({ min: 0n, max: 10n ** 15n });
  const asMoney = (c: bigint) => `$${(c / 100n).toLocaleString('en-US')}.${String(c % 100n).padStart(2, '0')}`;

  it('reads every amount as the input shows it back, whatever it shows', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const result = read(asMoney(c));
        expect(result.ok).toBe(true);
        if (result.ok) expect(BigInt(Math.round(Number(result.value) * 100))).toBe(c);
        if (result.ok && c < 10n ** 13n) expect(formatCurrencyDisplay(result.value, false)).toBe(asMoney(c));
      }),
    );
  });

  it('never reads a text as a different number: an amount is its digits, or the text is refused', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9.,$ a]{0,14}$/), (typed) => {
        const result = read(typed);
        const kept = typed.replace(/[^0-9.,]/g, '');
        if (!result.ok) {
          expect(result.text).toBe(kept);
          return;
        }
        expect(isAmountText(result.value)).toBe(true);
        // The digits in order are the amount's digits, and the point (if any) is where it was typed.
        expect(result.value.replace('.', '').replace(/^0+/, '')).toBe(kept.replace(/[.,]/g, '').replace(/^0+/, ''));
        const typedCents = kept.includes('.') ? kept.slice(kept.indexOf('.') + 1) : '';
        const readCents = result.value.includes('.') ? result.value.slice(result.value.indexOf('.') + 1) : '';
        expect(readCents).toBe(typedCents);
      }),
    );
  });

  it('refuses every comma that does not start a group of three digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[1-9][0-9]{0,6}$/),
        fc.stringMatching(/^[0-9]{0,2}$|^[0-9]{4,6}$/),
        (left, right) => {
          expect(read(`${left},${right}`).ok).toBe(false);
        },
      ),
    );
  });
});

describe('typedAfterEdit', () => {
  it.each([
    // The commas the input showed go; what the edit put in stays.
    ['$1,234', '$1,2345', true, '$12345'],
    ['$1,234', '$1,23', true, '$123'],
    ['$12', '$12,', true, '$12,'],
    ['$12', '$12,34.5', true, '$12,34.5'],
    ['$1,234', '$15,234', true, '$15234'],
    // A text kept as typed is edited as it is.
    ['$12,', '$12,3', false, '$12,3'],
  ])('%j edited to %j (grouped %j) is %j', (shown, edited, grouped, typed) => {
    expect(typedAfterEdit(shown, edited, grouped)).toBe(typed);
  });
});

describe('amountOf and isAmountText', () => {
  it.each([
    ['', undefined],
    ['  ', undefined],
    ['0', 0],
    ['1234.5', 1234.5],
    ['12.', 12],
  ])('%j sends %j', (value, sent) => {
    expect(amountOf(value)).toBe(sent);
  });

  it('sends NaN for a text that is not an amount, so no rule takes it for one', () => {
    expect(amountOf('12,34.5')).toBeNaN();
    expect(isAmountText('12,34.5')).toBe(false);
    expect(isAmountText('1.2.3')).toBe(false);
    expect(isAmountText('1234.56')).toBe(true);
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

  it('shows a text that is not an amount as typed', () => {
    expect(formatCurrencyDisplay('12,34.5', false)).toBe('$12,34.5');
    expect(formatCurrencyDisplay('1.2.3', true)).toBe('$1.2.3');
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
