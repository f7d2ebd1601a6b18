import { dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import { dayLabel, monthLabel, monthStart, parseDay } from '../../lib/calendar.ts';

/** '$18,250.50' from a dollar amount of the API. */
export const formatDollars = (dollars: number) => formatCents(dollarsToCents(dollars));

/** 'Dec 5, 2026' from '2026-12-05', read as a day (no time zone can move it). */
export function formatDay(day: string): string {
  const date = parseDay(day.slice(0, 10));
  return date ? dayLabel(date) : day;
}

/** '4 years 10 months' from a number of months (a started month counts as a month). */
export function formatMonths(months: number): string {
  const whole = Math.ceil(months - 1e-9);
  if (whole <= 0) return 'Paid off';
  const years = Math.floor(whole / 12);
  const rest = whole % 12;
  const y = years === 0 ? '' : years === 1 ? '1 year' : `${years} years`;
  const m = rest === 0 ? '' : rest === 1 ? '1 month' : `${rest} months`;
  return [y, m].filter(Boolean).join(' ');
}

/**
 * The calendar month a plan's month 1 falls in: the month of the earliest next payment date, or the
 * current month when every date has passed (plans never start in the past).
 */
export function planStartMonth(dueDates: readonly string[], today: Date): Date {
  const current = monthStart(today);
  const earliest = dueDates
    .map((d) => parseDay(d.slice(0, 10)))
    .filter((d): d is Date => d !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return earliest && earliest > current ? monthStart(earliest) : current;
}

/** 'Mar 2031': the calendar month of a plan's month n (1-based). */
export const planMonthLabel = (start: Date, month: number) => monthLabel(monthStart(start, month - 1));

/** The average of the rates to two decimals (spec: the comparison panel's default rate). */
export function averageRate(rates: readonly number[]): string {
  if (rates.length === 0) return '0';
  const average = rates.reduce((a, b) => a + b, 0) / rates.length;
  return String(Math.round(average * 100) / 100);
}
