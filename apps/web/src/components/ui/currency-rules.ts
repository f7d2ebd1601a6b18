/**
 * Rules of the currency input, kept free of React so every case can be tested directly.
 *
 * What a person types is read, never guessed at (spec §5, issue 25):
 * - only digits, the decimal point and commas are kept as typed; anything else ('$', spaces, letters,
 *   signs) is dropped as it is typed, so it never shows;
 * - commas are read only as thousands separators: '1,234.5' is 1234.5, but a comma where a separator
 *   can not be ('12,34.5', '1234,5', '1.5,0'), a second decimal point ('1.2.3') or more than two
 *   decimals ('1.239') is not an amount: the text stays as typed and the field says "Check this amount";
 * - leading zeros of the whole-dollar part are removed, leaving one zero before a point
 *   ('007' → '7', '000' → '0', '.5' → '0.5'); nothing left means '0';
 * - a trailing point is kept ('12.') so that a person can go on typing the cents.
 *
 * A form holds the result as a string: an amount as its plain numeric string ('1234.5'), a text that
 * is not an amount as typed ('12,34.5'). `isAmountText` tells them apart and `amountOf` reads either.
 */
import { z } from 'zod';

export const CURRENCY_SYMBOL = '$';
export const CURRENCY_DECIMALS = 2;
export const CHECK_AMOUNT = 'Check this amount';

/** What a typed text reads as: the plain amount, or the text kept as typed because it is not one. */
export type TypedAmount = { ok: true; value: string } | { ok: false; text: string };

const GROUPED_WHOLE = /^\d{1,3}(,\d{3})+$/;
const PLAIN_AMOUNT = /^\d+(\.\d{0,2})?$/;

export function readTypedAmount(typed: string): TypedAmount {
  const text = keepAmountCharacters(typed);
  const pointAt = text.indexOf('.');
  const whole = pointAt === -1 ? text : text.slice(0, pointAt);
  const cents = pointAt === -1 ? '' : text.slice(pointAt + 1);
  const wholeOk = !whole.includes(',') || GROUPED_WHOLE.test(whole);
  const centsOk = /^\d*$/.test(cents) && cents.length <= CURRENCY_DECIMALS;
  if (!wholeOk || !centsOk) return { ok: false, text };
  const trimmedWhole = whole.replaceAll(',', '').replace(/^0+/, '') || '0';
  return { ok: true, value: pointAt === -1 ? trimmedWhole : `${trimmedWhole}.${cents}` };
}

/** Whether a form's value is an amount (or not filled in), as opposed to a text kept as typed. */
export function isAmountText(value: string): boolean {
  return value === '' || PLAIN_AMOUNT.test(value);
}

/**
 * A form value as the number to send: `undefined` when not filled in (the contract says it is
 * required), NaN when it is not an amount (so no rule can mistake it for one).
 */
export function amountOf(value: string): number | undefined {
  if (value.trim() === '') return undefined;
  return isAmountText(value) ? Number(value) : Number.NaN;
}

function keepAmountCharacters(typed: string): string {
  let kept = '';
  for (const char of typed) {
    if (isDigit(char) || char === '.' || char === ',') kept += char;
  }
  return kept;
}

/**
 * The text typed after an edit of what the input showed. The commas the input put in itself are
 * not the person's: they are dropped from the untouched text around the edit, while the characters
 * the edit put in stay exactly as typed (a comma typed or pasted is the person's, and is judged).
 */
export function typedAfterEdit(shown: string, edited: string, shownIsGrouped: boolean): string {
  if (!shownIsGrouped) return edited;
  let start = 0;
  while (start < shown.length && start < edited.length && shown[start] === edited[start]) start += 1;
  let end = 0;
  while (
    end < shown.length - start &&
    end < edited.length - start &&
    shown[shown.length - 1 - end] === edited[edited.length - 1 - end]
  ) {
    end += 1;
  }
  const before = edited.slice(0, start).replaceAll(',', '');
  const inserted = edited.slice(start, edited.length - end);
  const after = edited.slice(edited.length - end).replaceAll(',', '');
  return before + inserted + after;
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * What the input shows. An amount while focused mirrors what is being typed ('$1,234.5'), otherwise
 * it reads as money with two decimals ('$1,234.50'); a text that is not an amount shows as typed.
 */
export function formatCurrencyDisplay(value: string, focused: boolean): string {
  if (!isAmountText(value)) return `${CURRENCY_SYMBOL}${value}`;
  const clean = value === '' ? '0' : value;
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
  // With no digit after it the caret stays put: a comma just typed at the end is the person's.
  while (digits > 0 && index > floor && text[index - 1] === ',') index -= 1;
  return index;
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

/**
 * A currency input's value in a form's schema: a text that is not an amount is refused here with
 * "Check this amount", ahead of the contract's own words for the NaN it sends (`amountOf`).
 */
export const amountText = z.string().refine(isAmountText, CHECK_AMOUNT);
