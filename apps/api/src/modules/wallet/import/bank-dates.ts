import { dayOf, isCalendarDay } from '@helo/finance/calendar';
import { BankFileError } from './bank-file-error.ts';

/**
 * Dates as banks write them in CSV files: numbers in any of three orders (`2019-12-31`,
 * `12/31/2019`, `31.12.19`), compact `20191231`, and month names (`12-Dec-2019`, `27 Feb 2018`,
 * `Dec 12, 2019`) in English, German, Dutch, French and Spanish abbreviations.
 */

export const DATE_ORDERS = ['ymd', 'mdy', 'dmy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

const NUMERIC = /^(\d{1,4})([-/.])(\d{1,2})[-/.](\d{1,4})(?:$|[\sT])/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const DAY_MONTH_NAME = /^(\d{1,2})[-\s./]+(\p{L}{3,9})\.?[-\s./,]+(\d{4}|\d{2})(?:$|\s)/u;
const MONTH_NAME_DAY = /^(\p{L}{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?:$|\s)/u;

/** Four-letter names first where three letters are two months (French juin/juillet). */
const MONTHS: [string, number][] = [
  ['juin', 6],
  ['juil', 7],
  ['jan', 1],
  ['ene', 1],
  ['feb', 2],
  ['fev', 2],
  ['mar', 3],
  ['maa', 3],
  ['mrt', 3],
  ['apr', 4],
  ['avr', 4],
  ['abr', 4],
  ['may', 5],
  ['mai', 5],
  ['mei', 5],
  ['jun', 6],
  ['jul', 7],
  ['aug', 8],
  ['aou', 8],
  ['ago', 8],
  ['sep', 9],
  ['set', 9],
  ['oct', 10],
  ['okt', 10],
  ['out', 10],
  ['nov', 11],
  ['dec', 12],
  ['dez', 12],
  ['dic', 12],
];

function monthOf(name: string): number | null {
  const plain = name.normalize('NFD').replaceAll(/\p{M}/gu, '').toLowerCase();
  for (const [prefix, month] of MONTHS) if (plain.startsWith(prefix)) return month;
  return null;
}

export function looksLikeDate(raw: string): boolean {
  const value = raw.trim();
  if (COMPACT.test(value) || NUMERIC.test(value)) return true;
  const named = DAY_MONTH_NAME.exec(value) ?? MONTH_NAME_DAY.exec(value);
  if (!named) return false;
  const name = DAY_MONTH_NAME.test(value) ? named[2] : named[1];
  return monthOf(name ?? '') !== null;
}

/**
 * The order of the file's numeric dates, from all of them: a four-digit first part is year first;
 * a first part above 12 is day first, a second part above 12 month first; with no such date, dots
 * (`31.12.2019`) are day first, as every bank that writes them means, and the rest the US order.
 */
export function guessDateOrder(values: readonly string[]): DateOrder {
  let dmy = false;
  let mdy = false;
  let dotted = false;
  for (const value of values) {
    const m = NUMERIC.exec(value.trim());
    if (!m) continue;
    if ((m[1] ?? '').length === 4) return 'ymd';
    if (Number(m[1]) > 12) dmy = true;
    if (Number(m[3]) > 12) mdy = true;
    if (m[2] === '.') dotted = true;
  }
  if (dmy !== mdy) return dmy ? 'dmy' : 'mdy';
  return dotted ? 'dmy' : 'mdy';
}

export function parseDate(raw: string, order: DateOrder, line: number | null): string {
  const value = raw.trim();
  let y: number;
  let m: number;
  let d: number;
  const compact = COMPACT.exec(value);
  const parts = NUMERIC.exec(value);
  const dayFirst = DAY_MONTH_NAME.exec(value);
  const monthFirst = MONTH_NAME_DAY.exec(value);
  if (compact) {
    [y, m, d] = [Number(compact[1]), Number(compact[2]), Number(compact[3])];
  } else if (parts) {
    const [a, b, c] = [Number(parts[1]), Number(parts[3]), Number(parts[4])];
    if ((parts[1] ?? '').length === 4) [y, m, d] = [a, b, c];
    else if (order === 'dmy') [y, m, d] = [c, b, a];
    else [y, m, d] = [c, a, b];
  } else if (dayFirst && monthOf(dayFirst[2] ?? '') !== null) {
    [y, m, d] = [Number(dayFirst[3]), monthOf(dayFirst[2] ?? '') ?? 0, Number(dayFirst[1])];
  } else if (monthFirst && monthOf(monthFirst[1] ?? '') !== null) {
    [y, m, d] = [Number(monthFirst[3]), monthOf(monthFirst[1] ?? '') ?? 0, Number(monthFirst[2])];
  } else {
    throw new BankFileError(`'${raw.slice(0, 30)}' is not a date`, line);
  }
  // Two-digit years: 00–69 are this century, as spreadsheets read them.
  if (y < 100) y += y < 70 ? 2000 : 1900;
  if (y < 1900 || y > 2199 || !isCalendarDay(y, m, d)) {
    throw new BankFileError(`'${raw.slice(0, 30)}' is not a real date`, line);
  }
  return dayOf(y, m, d);
}
