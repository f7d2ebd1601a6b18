import { BankFileError } from './bank-file-error.ts';

/**
 * An amount as a bank writes it ("-12.50", "+1234,5", "1,234.56", "(12.00)", "12.50-") to signed
 * integer cents, straight from the digits: no float ever holds the money. `decimal` says which mark
 * separates the cents; the other one is taken as a thousands separator.
 */
export function amountToCents(raw: string, decimal: '.' | ',', line: number | null): number {
  let text = raw.trim().replaceAll(/[\s\u00a0$€£]/g, '');
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  if (text.startsWith('-') || text.startsWith('+')) {
    if (text.startsWith('-')) negative = !negative;
    text = text.slice(1);
  }
  const thousands = decimal === '.' ? ',' : '.';
  const cut = text.lastIndexOf(decimal);
  const whole = (cut === -1 ? text : text.slice(0, cut)).replaceAll(thousands, '');
  const fraction = cut === -1 ? '' : text.slice(cut + 1);
  if (!/^\d+$/.test(whole) && !(whole === '' && /^\d+$/.test(fraction))) {
    throw new BankFileError(`the amount '${raw.slice(0, 40)}' is not a number`, line);
  }
  if (!/^\d*$/.test(fraction) || /[1-9]/.test(fraction.slice(2))) {
    throw new BankFileError(`the amount '${raw.slice(0, 40)}' has more than two decimals`, line);
  }
  if (whole.replace(/^0+/, '').length > 13)
    throw new BankFileError(`the amount '${raw.slice(0, 40)}' is too large`, line);
  const cents = Number(whole || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return negative && cents !== 0 ? -cents : cents;
}
