import { dayLabel, isDay } from '@helo/finance/calendar';
import { dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';

/** '$12,000.00' from a dollar amount of the API. */
export const formatDollars = (dollars: number) => formatCents(dollarsToCents(dollars));

/** '8.33 %', '25 %': a percent as it comes (two decimals at most), with the house's space. */
export const formatPercent = (percent: number) => `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

/** 'Mar 5, 2026' from '2026-03-05', read as a day (no time zone can move it). */
export function formatDay(day: string): string {
  return isDay(day.slice(0, 10)) ? dayLabel(day.slice(0, 10)) : day;
}
