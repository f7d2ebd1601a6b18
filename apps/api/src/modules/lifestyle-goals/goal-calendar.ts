/**
 * Calendar months between days without time ('YYYY-MM-DD', New York's days: lib/product-day.ts).
 * A goal's horizon, its months left and the months its plan has run are all counted here.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(day: string): [number, number, number] {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The day `months` calendar months after `day`. A day the month does not have becomes its last:
 * a month after 31 January is 28 (or 29) February, a year after 29 February is 28 February.
 */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = parts(day);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(date, last))}`;
}

/**
 * Whole calendar months from `from` to `to`: the most months that can be added to `from` without
 * passing `to` (21 Nov → 20 Dec is 0, → 21 Dec is 1); 0 when `to` is not after `from`.
 */
export function wholeMonthsBetween(from: string, to: string): number {
  if (to <= from) return 0;
  const [fy, fm] = parts(from);
  const [ty, tm] = parts(to);
  const months = (ty - fy) * 12 + (tm - fm);
  return addMonths(from, months) > to ? months - 1 : months;
}

/** 'YYYY-MM' of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);
