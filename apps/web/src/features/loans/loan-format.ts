import { addMonthsToMonth, isDay, monthOf, shortMonthLabel } from '@helo/finance/calendar';
import { dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';

/** '$18,250.50' from a dollar amount of the API. */
export const formatDollars = (dollars: number) => formatCents(dollarsToCents(dollars));

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
 * The calendar month ('2026-12') a plan's month 1 falls in: the month of the earliest next payment
 * date, or the month of `today` when every date has passed (plans never start in the past).
 */
export function planStartMonth(dueDates: readonly string[], today: string): string {
  const current = monthOf(today);
  const earliest = dueDates
    .map((d) => d.slice(0, 10))
    .filter(isDay)
    .sort()[0];
  return earliest && monthOf(earliest) > current ? monthOf(earliest) : current;
}

/** 'Mar 2031': the calendar month of a plan's month n (1-based) when month 1 is `start` ('YYYY-MM'). */
export const planMonthLabel = (start: string, month: number) => shortMonthLabel(addMonthsToMonth(start, month - 1));

/** The average of the rates to two decimals (spec: the comparison panel's default rate). */
export function averageRate(rates: readonly number[]): string {
  if (rates.length === 0) return '0';
  const average = rates.reduce((a, b) => a + b, 0) / rates.length;
  return String(Math.round(average * 100) / 100);
}
