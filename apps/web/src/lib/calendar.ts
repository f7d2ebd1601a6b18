/**
 * The few calendar operations the pages need, without date-fns: its `format` brings its token
 * parser and the en-US locale (~6.5 KB gzipped) onto every page that shows a date, My Loans
 * included (e2e/specs/performance.spec.ts). Days are local calendar days, as date-fns read them.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The local day of 'yyyy-MM-dd' (the API's calendar days, `day.slice(0, 10)` of a time stamp), or
 * null for anything else, a day past its month's end included (date-fns' parseISO + isValid).
 */
export function parseDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(year, month - 1, date);
  // new Date(2026, 1, 30) is March 2: a day its month does not have is no day.
  parsed.setFullYear(year); // years 0–99 are not 1900–1999
  return parsed.getFullYear() === year && parsed.getMonth() === month - 1 && parsed.getDate() === date ? parsed : null;
}

/** 'Mar 5, 2026' (date-fns 'MMM d, yyyy'). */
export const dayLabel = (date: Date) => `${MONTHS[date.getMonth()]} ${date.getDate()}, ${pad(date.getFullYear(), 4)}`;

/** 'Mar 2026' (date-fns 'MMM yyyy'). */
export const monthLabel = (date: Date) => `${MONTHS[date.getMonth()]} ${pad(date.getFullYear(), 4)}`;

/** '2026-03-05' (date-fns 'yyyy-MM-dd'). */
export const isoDay = (date: Date) =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;

/** The first day of `date`'s month, `months` months on (date-fns startOfMonth, then addMonths). */
export const monthStart = (date: Date, months = 0) => new Date(date.getFullYear(), date.getMonth() + months, 1);
