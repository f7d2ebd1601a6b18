import { type Cents, MoneyError } from './cents.ts';

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;
/** $10 trillion: past it a figure is no bank balance but a broken answer. */
const MAX_WHOLE_DIGITS = 13;

/**
 * A decimal string as an aggregator writes an amount ("-33293.43", "12", "0.125") to signed integer
 * cents, straight from the digits: no float ever holds the money. Digits past the cents are rounded
 * half to even (a bank's "0.125" is 12 cents, "0.135" 14), the rounding banks use. Anything else
 * (a thousands separator, an exponent, a currency sign) is a MoneyError: the caller says whose.
 */
export function decimalToCents(text: string): Cents {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new MoneyError(`'${text.slice(0, 40)}' is not a decimal amount`);
  const [, sign, whole = '0', fraction = ''] = match;
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_WHOLE_DIGITS) throw new MoneyError(`'${text.slice(0, 40)}' is too large`);
  let cents = Number(digits) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const rest = fraction.slice(2);
  if (/[1-9]/.test(rest)) {
    const half = rest[0] === '5' && !/[1-9]/.test(rest.slice(1));
    if ((rest[0] ?? '0') > '5' || (rest[0] === '5' && !half) || (half && cents % 2 === 1)) cents += 1;
  }
  return (sign === '-' && cents !== 0 ? -cents : cents) as Cents;
}
