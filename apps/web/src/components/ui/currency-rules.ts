/**
 * Rules of the currency input, kept free of React so every case can be tested directly.
 *
 * Semantics (spec §5, §9):
 * - only digits and the FIRST decimal point are kept; any other character, later points included, is
 *   dropped, while the digits around a dropped point stay ('1.2.3' → '1.23');
 * - at most two decimals are kept, because amounts are dollars and cents ('1.239' → '1.23');
 * - leading zeros of the whole-dollar part are removed, leaving one zero before a point
 *   ('007' → '7', '000' → '0', '0.5' → '0.5', '.5' → '0.5');
 * - nothing left means '0';
 * - a trailing point is kept ('12.') so that a person can go on typing the cents.
 */
export const CURRENCY_SYMBOL = '$';
export const CURRENCY_DECIMALS = 2;

export function sanitizeCurrency(raw: string): string {
  let whole = '';
  let cents = '';
  let hasPoint = false;
  for (const char of raw) {
    if (isDigit(char)) {
      if (!hasPoint) whole += char;
      else if (cents.length < CURRENCY_DECIMALS) cents += char;
    } else if (char === '.' && !hasPoint) {
      hasPoint = true;
    }
  }
  const trimmedWhole = whole.replace(/^0+/, '') || '0';
  return hasPoint ? `${trimmedWhole}.${cents}` : trimmedWhole;
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * What the input shows. While focused it mirrors what is being typed ('$1,234.5'); otherwise it reads
 * as money with two decimals ('$1,234.00', '$1,234.50').
 */
export function formatCurrencyDisplay(value: string, focused: boolean): string {
  const clean = sanitizeCurrency(value);
  const pointAt = clean.indexOf('.');
  const whole = pointAt === -1 ? clean : clean.slice(0, pointAt);
  const cents = pointAt === -1 ? '' : clean.slice(pointAt + 1);
  const grouped = `${CURRENCY_SYMBOL}${groupThousands(whole)}`;
  if (focused) return pointAt === -1 ? grouped : `${grouped}.${cents}`;
  return `${grouped}.${cents.padEnd(CURRENCY_DECIMALS, '0')}`;
}

/** Counts the digits after a caret position, the anchor that survives reformatting. */
export function digitsAfter(text: string, position: number): number {
  let count = 0;
  for (const char of text.slice(position)) {
    if (isDigit(char)) count += 1;
  }
  return count;
}

/**
 * The caret position in `text` that leaves `digits` digits after it. When a thousands separator
 * sits there, the caret goes before it, so that Backspace next deletes a digit instead of a comma.
 */
export function positionBeforeDigits(text: string, digits: number): number {
  const floor = text.startsWith(CURRENCY_SYMBOL) ? CURRENCY_SYMBOL.length : 0;
  let index = text.length;
  let remaining = digits;
  while (index > floor && remaining > 0) {
    index -= 1;
    if (isDigit(text[index])) remaining -= 1;
  }
  while (index > floor && text[index - 1] === ',') index -= 1;
  return index;
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}
