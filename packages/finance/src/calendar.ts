/**
 * The one calendar of Helo, for the API and the web (issue 27): days without time are 'YYYY-MM-DD'
 * strings and months 'YYYY-MM' strings, compared as strings. Only `todayIn` looks at a time zone,
 * and it is handed the zone and the moment: the API asks with New York's (PRODUCT_ZONE) and its
 * clock, the web with the browser's own zone (docs/decisions.md "One calendar").
 *
 * Inside, the strings become date-fns dates and back: @date-fns/tz's TZDateMini gives the day of an
 * instant in a zone, and day and month arithmetic is date-fns's on @date-fns/utc's UTCDateMini,
 * whose fields are UTC's: no clock change, the runtime's or anyone's, can move a day. Not a TZDate
 * in 'UTC': its setters go through the runtime's own zone, and where that zone skipped a day
 * (Kiritimati on 31 December 1994, Samoa on 30 December 2011) getDaysInMonth and addDays on it
 * skipped that day too.
 */
import { TZDateMini } from '@date-fns/tz/date/mini';
import { UTCDateMini } from '@date-fns/utc/date/mini';
import { addDays as addDaysTo } from 'date-fns/addDays';
import { addMonths as addMonthsTo } from 'date-fns/addMonths';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { differenceInCalendarMonths } from 'date-fns/differenceInCalendarMonths';
import { getDaysInMonth } from 'date-fns/getDaysInMonth';
import { lastDayOfMonth } from 'date-fns/lastDayOfMonth';
import { setDate } from 'date-fns/setDate';

/** A day without time: '2026-11-21'. */
export type Day = string;
/** A calendar month: '2026-11'. */
export type Month = string;

/** The product's time zone: the app labels its times ET (spec §9), so the server's "today" is New York's. */
export const PRODUCT_ZONE = 'America/New_York';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// --- between strings and dates ---------------------------------------------------------------------

/**
 * Midnight UTC of a 'YYYY-MM-DD' already checked. From the ISO string, not from numbers: `new
 * Date(50, 0, 1)` and `Date.UTC(50, 0, 1)` are 1950 (so is date-fns's `isExists(50, 0, 1)`), the
 * ISO reading of '0050-01-01' is the year 50.
 */
const utcDate = (day: Day): Date => new UTCDateMini(`${day}T00:00:00Z`);

/** The day a date names in its own zone (UTC for utcDate's, the asked zone for todayIn's). */
function dayOfDate(date: Date): Day {
  const year = date.getFullYear();
  if (!(year >= 0 && year <= 9999)) throw new RangeError('the day falls outside the years 0000–9999');
  return dayOf(year, date.getMonth() + 1, date.getDate());
}

// --- the day of an instant in a zone -------------------------------------------------------------

/**
 * The calendar day of `now` in `zone` (an IANA name such as 'America/New_York'; undefined is the
 * runtime's own zone): "today" there. A RangeError for a zone Intl does not know.
 */
export function todayIn(zone: string | undefined, now: Date): Day {
  // A Date's own fields are the runtime's zone already; TZDateMini's are the zone's (Intl's offset).
  const there = zone === undefined ? now : new TZDateMini(now, zone);
  if (Number.isNaN(there.getTime())) {
    throw new RangeError(Number.isNaN(now.getTime()) ? 'not a moment' : `'${zone}' is not a time zone`);
  }
  return dayOfDate(there);
}

/** The calendar month of `now` in `zone`: "this month" there. */
export const monthIn = (zone: string | undefined, now: Date): Month => monthOf(todayIn(zone, now));

// --- reading and writing days ---------------------------------------------------------------------

/** Days in month `month` (1–12) of `year` (0–9999); a RangeError for another month or year. */
export function daysInMonthOf(year: number, month: number): number {
  if (!(Number.isInteger(year) && year >= 0 && year <= 9999 && Number.isInteger(month) && month >= 1 && month <= 12)) {
    throw new RangeError(`${year}-${month} is not a month`);
  }
  return getDaysInMonth(utcDate(dayOf(year, month, 1)));
}

/** True for a day the (proleptic Gregorian) calendar has: 2028-02-29 yes, 2026-02-29 and 2026-04-31 no. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    year >= 0 &&
    year <= 9999 &&
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12 &&
    Number.isInteger(day) &&
    day >= 1 &&
    day <= daysInMonthOf(year, month)
  );
}

/** '2026-03-05' from 2026, 3, 5 (not checked: see isCalendarDay). */
export const dayOf = (year: number, month: number, day: number): Day => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** True for 'YYYY-MM-DD' naming a day the calendar has. */
export function isDay(text: string): boolean {
  const m = DAY.exec(text);
  return m !== null && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** True for 'YYYY-MM' naming a month (01–12). */
export function isMonth(text: string): boolean {
  const m = MONTH.exec(text);
  return m !== null && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

/** [year, month, day] of a day; a RangeError for anything that is not a day of the calendar. */
export function dayParts(day: Day): [number, number, number] {
  const m = DAY.exec(day);
  const parts: [number, number, number] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!m || !isCalendarDay(...parts)) throw new RangeError(`'${day}' is not a YYYY-MM-DD day`);
  return parts;
}

/** [year, month] of a month; a RangeError for anything else. */
export function monthParts(month: Month): [number, number] {
  if (!isMonth(month)) throw new RangeError(`'${month}' is not a YYYY-MM month`);
  return [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
}

/** Midnight UTC of a day; a RangeError for anything that is not one. */
function dateOfDay(day: Day): Date {
  dayParts(day);
  return utcDate(day);
}

/** Midnight UTC of a month's first day; a RangeError for anything that is not a month. */
function dateOfMonth(month: Month): Date {
  monthParts(month);
  return utcDate(`${month}-01`);
}

// --- days -----------------------------------------------------------------------------------------

/** The day `days` after `day` (before it when negative). */
export const addDays = (day: Day, days: number): Day => dayOfDate(addDaysTo(dateOfDay(day), days));

/** Days from `from` to `to`: negative when `to` is earlier; addDays(from, daysBetween(from, to)) is `to`. */
export const daysBetween = (from: Day, to: Day): number => differenceInCalendarDays(dateOfDay(to), dateOfDay(from));

// --- months ---------------------------------------------------------------------------------------

/** The month of a day: '2026-11' of '2026-11-21'. */
export const monthOf = (day: Day): Month => day.slice(0, 7);

/** The month `months` after `month` (before it when negative). */
export const addMonthsToMonth = (month: Month, months: number): Month =>
  monthOf(dayOfDate(addMonthsTo(dateOfMonth(month), months)));

/** The month after `month`. */
export const nextMonth = (month: Month): Month => addMonthsToMonth(month, 1);

/** The month before `month`. */
export const previousMonth = (month: Month): Month => addMonthsToMonth(month, -1);

/** Months from `from` to `to` ('2026-11' → '2027-01' is 2): addMonthsToMonth's inverse. */
export const monthsBetween = (from: Month, to: Month): number =>
  differenceInCalendarMonths(dateOfMonth(to), dateOfMonth(from));

/** The number of days of a month: 29 for '2028-02'. */
export const daysInMonth = (month: Month): number => getDaysInMonth(dateOfMonth(month));

/** The first day of a month: '2026-11-01'. */
export function firstDayOf(month: Month): Day {
  monthParts(month);
  return `${month}-01`;
}

/** The last day of a month: '2026-11-30'. */
export const lastDayOf = (month: Month): Day => dayOfDate(lastDayOfMonth(dateOfMonth(month)));

/**
 * The day `months` calendar months after `day` (before it when negative), on the day of the month
 * `dayOfMonth` (the day's own unless given), or on the month's last day when the month is shorter:
 * a month after 31 January is 28 (or 29) February, a year after 29 February is 28 February. A loan
 * due on the 31st passes its own day so that March brings the 31st back after February's 28th.
 */
export function addMonths(day: Day, months: number, dayOfMonth?: number): Day {
  const date = dateOfDay(day);
  // date-fns's addMonths clamps to the month's last day itself.
  if (dayOfMonth === undefined) return dayOfDate(addMonthsTo(date, months));
  if (!Number.isInteger(dayOfMonth) || dayOfMonth < 1 || dayOfMonth > 31) {
    throw new RangeError(`${dayOfMonth} is not a day of a month`);
  }
  const month = addMonthsTo(setDate(date, 1), months);
  return dayOfDate(setDate(month, Math.min(dayOfMonth, getDaysInMonth(month))));
}

/**
 * Whole calendar months from `from` to `to`: the most months that can be added to `from` without
 * passing `to` (21 Nov → 20 Dec is 0, → 21 Dec is 1); 0 when `to` is not after `from`. Not date-fns's
 * differenceInMonths, whose rule at a month's end is another: 31 January → 30 April is 2 months
 * there, though addMonths takes 3 to get there.
 */
export function wholeMonthsBetween(from: Day, to: Day): number {
  if (to <= from) return 0;
  const months = monthsBetween(monthOf(from), monthOf(to));
  return addMonths(from, months) > to ? months - 1 : months;
}

// --- in words (US English, as the app speaks: spec §9) --------------------------------------------

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const nameOf = (month: number) => MONTH_NAMES[month - 1] ?? '';
const shortNameOf = (month: number) => nameOf(month).slice(0, 3);

/** 'Nov 21, 2026'. */
export function dayLabel(day: Day): string {
  const [y, m, d] = dayParts(day);
  return `${shortNameOf(m)} ${d}, ${pad(y, 4)}`;
}

/** 'November 21, 2026'. */
export function longDayLabel(day: Day): string {
  const [y, m, d] = dayParts(day);
  return `${nameOf(m)} ${d}, ${pad(y, 4)}`;
}

/** 'November 2026'. */
export function monthLabel(month: Month): string {
  const [y, m] = monthParts(month);
  return `${nameOf(m)} ${pad(y, 4)}`;
}

/** 'Nov 2026'. */
export function shortMonthLabel(month: Month): string {
  const [y, m] = monthParts(month);
  return `${shortNameOf(m)} ${pad(y, 4)}`;
}
