/**
 * The one calendar of Helo, for the API and the web (issue 27): days without time are 'YYYY-MM-DD'
 * strings and months 'YYYY-MM' strings, compared as strings and stepped by plain arithmetic. Only
 * `todayIn` looks at a time zone, and it is handed the zone and the moment: the API asks with New
 * York's (PRODUCT_ZONE) and its clock, the web with the browser's own zone (docs/decisions.md
 * "One calendar"). No date library: Intl gives the day of an instant in a zone, the rest is integers.
 */

/** A day without time: '2026-11-21'. */
export type Day = string;
/** A calendar month: '2026-11'. */
export type Month = string;

/** The product's time zone: the app labels its times ET (spec §9), so the server's "today" is New York's. */
export const PRODUCT_ZONE = 'America/New_York';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// --- the day of an instant in a zone -------------------------------------------------------------

// Building a formatter costs far more than using one: one per zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string | undefined): Intl.DateTimeFormat {
  const key = zone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    // Parts, not an 'en-CA' string: the locale's pattern is not a promise, the numbers are.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The calendar day of `now` in `zone` (an IANA name such as 'America/New_York'; undefined is the
 * runtime's own zone): "today" there. A RangeError for a zone Intl does not know.
 */
export function todayIn(zone: string | undefined, now: Date): Day {
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of formatterFor(zone).formatToParts(now)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  return dayOf(year, month, day);
}

/** The calendar month of `now` in `zone`: "this month" there. */
export const monthIn = (zone: string | undefined, now: Date): Month => monthOf(todayIn(zone, now));

// --- reading and writing days ---------------------------------------------------------------------

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** Days in month `month` (1–12) of `year`. */
export function daysInMonthOf(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
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

// --- days -----------------------------------------------------------------------------------------

// Days since 1970-01-01 and back, on the proleptic Gregorian calendar (H. Hinnant's days_from_civil):
// integers only, so no year is read as 19xx and no time zone or leap second can move a day.
function serial(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function fromSerial(days: number): Day {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 0 || year > 9999) throw new RangeError('the day falls outside the years 0000–9999');
  return dayOf(year, month, day);
}

/** The day `days` after `day` (before it when negative). */
export const addDays = (day: Day, days: number): Day => fromSerial(serial(...dayParts(day)) + days);

/** Days from `from` to `to`: negative when `to` is earlier; addDays(from, daysBetween(from, to)) is `to`. */
export const daysBetween = (from: Day, to: Day): number => serial(...dayParts(to)) - serial(...dayParts(from));

// --- months ---------------------------------------------------------------------------------------

/** The month of a day: '2026-11' of '2026-11-21'. */
export const monthOf = (day: Day): Month => day.slice(0, 7);

/** The month `months` after `month` (before it when negative). */
export function addMonthsToMonth(month: Month, months: number): Month {
  const [year, m] = monthParts(month);
  const index = year * 12 + (m - 1) + months;
  const y = Math.floor(index / 12);
  if (y < 0 || y > 9999) throw new RangeError('the month falls outside the years 0000–9999');
  return `${pad(y, 4)}-${pad(index - y * 12 + 1)}`;
}

/** The month after `month`. */
export const nextMonth = (month: Month): Month => addMonthsToMonth(month, 1);

/** The month before `month`. */
export const previousMonth = (month: Month): Month => addMonthsToMonth(month, -1);

/** Months from `from` to `to` ('2026-11' → '2027-01' is 2): addMonthsToMonth's inverse. */
export function monthsBetween(from: Month, to: Month): number {
  const [fy, fm] = monthParts(from);
  const [ty, tm] = monthParts(to);
  return (ty - fy) * 12 + (tm - fm);
}

/** The number of days of a month: 29 for '2028-02'. */
export const daysInMonth = (month: Month): number => daysInMonthOf(...monthParts(month));

/** The first day of a month: '2026-11-01'. */
export function firstDayOf(month: Month): Day {
  monthParts(month);
  return `${month}-01`;
}

/** The last day of a month: '2026-11-30'. */
export const lastDayOf = (month: Month): Day => `${month}-${pad(daysInMonth(month))}`;

/**
 * The day `months` calendar months after `day` (before it when negative), on the day of the month
 * `dayOfMonth` (the day's own unless given), or on the month's last day when the month is shorter:
 * a month after 31 January is 28 (or 29) February, a year after 29 February is 28 February. A loan
 * due on the 31st passes its own day so that March brings the 31st back after February's 28th.
 */
export function addMonths(day: Day, months: number, dayOfMonth?: number): Day {
  const own = dayParts(day)[2];
  const wanted = dayOfMonth ?? own;
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > 31) throw new RangeError(`${wanted} is not a day of a month`);
  const month = addMonthsToMonth(monthOf(day), months);
  return `${month}-${pad(Math.min(wanted, daysInMonth(month)))}`;
}

/**
 * Whole calendar months from `from` to `to`: the most months that can be added to `from` without
 * passing `to` (21 Nov → 20 Dec is 0, → 21 Dec is 1); 0 when `to` is not after `from`.
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
