/**
 * When money that comes and goes on a schedule falls due (issue 30 item 1). A series has a cadence,
 * a start day and maybe an end day:
 *
 * - `week`, `two_weeks`: every 7 or 14 days counted from the start day;
 * - `year`: the start day's date every year (29 February falls on 28 February in other years);
 * - `month`: on day N (a day past the month's end falls on its last day: the 31st is 30 April) or on
 *   the month's last day;
 * - `twice_month`: on two days of every month, by the same rule.
 *
 * Nothing falls due before the start day or after the end day. Days are 'YYYY-MM-DD'; this never
 * reads the clock.
 */
import {
  addDays,
  addMonths,
  type Day,
  dayOf,
  dayParts,
  daysBetween,
  daysInMonth,
  monthOf,
  nextMonth,
} from './calendar.ts';

export type Cadence =
  | { every: 'week' }
  | { every: 'two_weeks' }
  | { every: 'twice_month'; days: readonly [number, number] }
  | { every: 'month'; day: number | 'last' }
  | { every: 'year' };

export interface Schedule {
  cadence: Cadence;
  start: Day;
  end?: Day | null | undefined;
}

/** A day of a month given as N or 'last', on the month's last day when the month is shorter. */
export function dayInMonth(month: string, day: number | 'last'): Day {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const last = daysInMonth(month);
  return dayOf(y, m, day === 'last' ? last : Math.min(day, last));
}

/** Roughly how many days apart two due dates are: the window a real payment may stray from its date. */
export function cadenceDays(cadence: Cadence): number {
  switch (cadence.every) {
    case 'week':
      return 7;
    case 'two_weeks':
      return 14;
    case 'twice_month':
      return 15;
    case 'month':
      return 30;
    case 'year':
      return 365;
  }
}

/** Every due date of the schedule in [from, to], both included, oldest first. */
export function occurrences(schedule: Schedule, from: Day, to: Day): Day[] {
  const { cadence, start } = schedule;
  const first = from > start ? from : start;
  const last = schedule.end && schedule.end < to ? schedule.end : to;
  if (first > last) return [];
  const out: Day[] = [];
  switch (cadence.every) {
    case 'week':
    case 'two_weeks': {
      const step = cadence.every === 'week' ? 7 : 14;
      const k = Math.ceil(daysBetween(start, first) / step);
      for (let d = addDays(start, k * step); d <= last; d = addDays(d, step)) out.push(d);
      return out;
    }
    case 'year': {
      const [sy] = dayParts(start);
      const [fy] = dayParts(first);
      for (let y = fy; ; y++) {
        const d = addMonths(start, (y - sy) * 12);
        if (d > last) break;
        if (d >= first) out.push(d);
      }
      return out;
    }
    case 'month':
    case 'twice_month': {
      const days = cadence.every === 'month' ? [cadence.day] : [...cadence.days];
      for (let m = monthOf(first); m <= monthOf(last); m = nextMonth(m)) {
        const inMonth = [...new Set(days.map((d) => dayInMonth(m, d)))].sort();
        for (const d of inMonth) if (d >= first && d <= last) out.push(d);
      }
      return out;
    }
  }
}

/** The first due date on or after `on` (null when the schedule has ended by then). */
export function nextOccurrence(schedule: Schedule, on: Day): Day | null {
  const from = on > schedule.start ? on : schedule.start;
  // Every cadence falls due at least once in any 366 days.
  return occurrences(schedule, from, addDays(from, 366))[0] ?? null;
}

/** The last due date on or before `on` (null when none is). */
export function previousOccurrence(schedule: Schedule, on: Day): Day | null {
  if (on < schedule.start) return null;
  const from = addDays(on, -366);
  return occurrences(schedule, from < schedule.start ? schedule.start : from, on).at(-1) ?? null;
}
