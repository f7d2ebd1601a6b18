import type { Forecast } from '@helo/contract/forecast';
import { formatDay, formatDollars } from '../../lib/display-format.ts';

/** "Lowest balance before the next payday: $X on <date>" (or over the whole forecast without a payday). */
export function lowestLine(f: {
  next_payday: string | null;
  lowest_before_payday: { amount: number; date: string };
  days: { length: number };
}): string {
  const { amount, date } = f.lowest_before_payday;
  const when = f.next_payday === null ? `in the next ${f.days.length} days` : 'before the next payday';
  return `Lowest balance ${when}: ${formatDollars(amount)} on ${formatDay(date)}`;
}

/** The chart's text alternative: where the total starts, ends and is lowest. */
export function chartSummary(f: Pick<Forecast, 'total' | 'days'>): string {
  const last = f.days.at(-1);
  if (!last) return 'No forecast.';
  let low = { total: f.total, date: '' };
  for (const d of f.days) if (d.total < low.total) low = { total: d.total, date: d.date };
  const lowest =
    low.date === ''
      ? 'It never falls below today’s.'
      : `Its lowest is ${formatDollars(low.total)} on ${formatDay(low.date)}.`;
  return `The total of your accounts goes from ${formatDollars(f.total)} today to ${formatDollars(last.total)} on ${formatDay(last.date)}. ${lowest}`;
}
