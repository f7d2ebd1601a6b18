import type { Cadence, Occurrence } from '@helo/contract/recurring';
import { addDays, dayParts, daysInMonth, firstDayOf, monthLabel, monthOf, nextMonth } from '@helo/finance/calendar';

/** The weeks of a month, Sunday first: each a row of 7 days ('YYYY-MM-DD'), null outside the month. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = firstDayOf(month);
  const [y, m] = dayParts(first);
  const lead = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const cells: (string | null)[] = [...Array<null>(lead).fill(null)];
  for (let d = 0; d < daysInMonth(month); d++) cells.push(addDays(first, d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The months a window touches, oldest first. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = monthOf(from); m <= monthOf(to); m = nextMonth(m)) out.push(m);
  return out;
}

/** The occurrences by their date. */
export function byDate(occurrences: readonly Occurrence[]): Map<string, Occurrence[]> {
  const map = new Map<string, Occurrence[]>();
  for (const o of occurrences) map.set(o.date, [...(map.get(o.date) ?? []), o]);
  return map;
}

export { monthLabel };

const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
};

/** 'Every month on the 14th', 'Every two weeks', 'Twice a month (1st and 15th)'. */
export function cadenceLabel(c: Cadence): string {
  switch (c.every) {
    case 'week':
      return 'Every week';
    case 'two_weeks':
      return 'Every two weeks';
    case 'year':
      return 'Every year';
    case 'month':
      return c.day === 'last' ? 'Every month on the last day' : `Every month on the ${ordinal(c.day)}`;
    case 'twice_month':
      return `Twice a month (${c.days[0] === 31 ? 'last day' : ordinal(c.days[0])} and ${c.days[1] === 31 ? 'last day' : ordinal(c.days[1])})`;
  }
}

export const KIND_LABELS = {
  income: 'Income',
  bill: 'Bill',
  subscription: 'Subscription',
  transfer: 'Transfer',
} as const;
