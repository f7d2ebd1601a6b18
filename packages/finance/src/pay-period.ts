/**
 * Budgets by pay period (issue 30 item 5; docs/decisions.md "Budgets by pay period"): the periods a
 * cadence of paydays cuts the calendar into, how a month's planned amount maps onto them, and what a
 * category carries from one period into the next.
 *
 * A period starts on a payday and ends the day before the next one. Cadences:
 * - `week` / `two_weeks`: every 7 / 14 days from an anchor payday (any payday, past or future);
 * - `twice_month`: two chosen days of every month, the first 1–27, the second after it (29–31 fall on
 *   the month's last day when the month is shorter, so the two never meet);
 * - `month`: one day of every month (29–31 or 'last': the month's last day); day 1 is the calendar month.
 *
 * A monthly amount M maps to a period as 12 × M spread over the cadence's periods of a year (52, 26,
 * 24 or 12), cent-exact by the period's index: the k-th period gets ⌊12M(k+1)/N⌋ − ⌊12Mk/N⌋, so any
 * N consecutive periods of one M add up to twelve months of it exactly. A month holding three
 * biweekly paydays plans three periods (as it brings three paychecks); each period takes M from the
 * budget of the month it starts in.
 */
import { addDays, type Day, dayOf, dayParts, daysBetween, daysInMonthOf, isDay, type Month } from './calendar.ts';
import { asCents, type Cents, type CentsInput, checkCents } from './cents.ts';

export type PayCadence =
  | { every: 'week'; payday: Day }
  | { every: 'two_weeks'; payday: Day }
  | { every: 'twice_month'; days: readonly [number, number] }
  | { every: 'month'; day: number | 'last' };

export const PAY_CADENCES = ['week', 'two_weeks', 'twice_month', 'month'] as const;

/** A pay period: its first and last day (inclusive), and its index in the cadence (for the plan split). */
export interface PayPeriod {
  start: Day;
  end: Day;
  index: number;
}

/** How many periods of the cadence make a year, for mapping a monthly amount. */
export function periodsPerYear(cadence: PayCadence): number {
  switch (cadence.every) {
    case 'week':
      return 52;
    case 'two_weeks':
      return 26;
    case 'twice_month':
      return 24;
    case 'month':
      return 12;
  }
}

/** The cadence's own mistakes, as a RangeError (the contract refuses them first). */
export function checkCadence(cadence: PayCadence): void {
  if (cadence.every === 'week' || cadence.every === 'two_weeks') {
    if (!isDay(cadence.payday)) throw new RangeError('payday is not a day');
  } else if (cadence.every === 'twice_month') {
    const [a, b] = cadence.days;
    if (!Number.isInteger(a) || a < 1 || a > 27) throw new RangeError('the first day must be 1–27');
    if (!Number.isInteger(b) || b <= a || b > 31) throw new RangeError('the second day must be after the first, ≤ 31');
  } else if (cadence.day !== 'last' && (!Number.isInteger(cadence.day) || cadence.day < 1 || cadence.day > 31)) {
    throw new RangeError('the day must be 1–31 or last');
  }
}

/** Day `d` of a month (year, month 1–12), or its last day when the month is shorter. */
function clamped(year: number, month: number, d: number): Day {
  return dayOf(year, month, Math.min(d, daysInMonthOf(year, month)));
}

const monthStep = (year: number, month: number, by: number): [number, number] => {
  const i = year * 12 + (month - 1) + by;
  return [Math.floor(i / 12), (i % 12) + 1];
};

/** The period of `cadence` that holds `day`. */
export function periodContaining(cadence: PayCadence, day: Day): PayPeriod {
  if (cadence.every === 'week' || cadence.every === 'two_weeks') {
    const length = cadence.every === 'week' ? 7 : 14;
    const index = Math.floor(daysBetween(cadence.payday, day) / length);
    const start = addDays(cadence.payday, index * length);
    return { start, end: addDays(start, length - 1), index };
  }
  const [year, month] = dayParts(day);
  const [py, pm] = monthStep(year, month, -1);
  const [ny, nm] = monthStep(year, month, 1);
  const monthIndex = (y: number, m: number) => y * 12 + (m - 1);
  if (cadence.every === 'month') {
    const payday = cadence.day === 'last' ? 31 : cadence.day;
    const here = clamped(year, month, payday);
    if (day >= here) {
      return { start: here, end: addDays(clamped(ny, nm, payday), -1), index: monthIndex(year, month) };
    }
    return { start: clamped(py, pm, payday), end: addDays(here, -1), index: monthIndex(py, pm) };
  }
  const [a, b] = cadence.days;
  const first = clamped(year, month, a);
  const second = clamped(year, month, b);
  if (day >= second) {
    return { start: second, end: addDays(clamped(ny, nm, a), -1), index: monthIndex(year, month) * 2 + 1 };
  }
  if (day >= first) return { start: first, end: addDays(second, -1), index: monthIndex(year, month) * 2 };
  return { start: clamped(py, pm, b), end: addDays(first, -1), index: monthIndex(py, pm) * 2 + 1 };
}

export const nextPeriod = (cadence: PayCadence, period: PayPeriod): PayPeriod =>
  periodContaining(cadence, addDays(period.end, 1));

export const previousPeriod = (cadence: PayCadence, period: PayPeriod): PayPeriod =>
  periodContaining(cadence, addDays(period.start, -1));

/** The periods that start in `month` (its paydays), oldest first: 4 or 5 weekly, 2 or 3 biweekly, 2, 1. */
export function periodsStartingIn(cadence: PayCadence, month: Month): PayPeriod[] {
  const first = `${month}-01`;
  const [y, m] = dayParts(first);
  const last = dayOf(y, m, daysInMonthOf(y, m));
  const out: PayPeriod[] = [];
  let period = periodContaining(cadence, first);
  if (period.start < first) period = nextPeriod(cadence, period);
  while (period.start <= last) {
    out.push(period);
    period = nextPeriod(cadence, period);
  }
  return out;
}

/** The month a period's plan comes from: the month of its payday (its first day). */
export const planMonthOf = (period: PayPeriod): Month => period.start.slice(0, 7);

/**
 * The share of a monthly amount that period `index` plans: ⌊12M(k+1)/N⌋ − ⌊12Mk/N⌋ with N the
 * cadence's periods a year. Monthly cadence: M itself; twice a month: half, the odd cent to the
 * second; biweekly: 12/26 of M, one cent more in some periods so that 26 in a row make 12M.
 */
export function periodPlanned(cadence: PayCadence, index: number, monthlyCents: CentsInput): Cents {
  checkCents('monthlyCents', monthlyCents);
  if (!Number.isSafeInteger(index)) throw new RangeError('index must be a whole number');
  const n = BigInt(periodsPerYear(cadence));
  const yearly = BigInt(monthlyCents) * 12n;
  const k = BigInt(index);
  return asCents(Number(floorDiv(yearly * (k + 1n), n) - floorDiv(yearly * k, n)));
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** A category's figures in one period: planned, carried in, spent, left (planned + rolled − spent). */
export interface PeriodFigures {
  plannedCents: Cents;
  rolledCents: Cents;
  spentCents: Cents;
  leftCents: Cents;
}

/**
 * A category through consecutive periods, oldest first. With rollover on, what is left at a period's
 * end (negative when overspent) is carried into the next; off, every period starts from nothing.
 */
export function rollForward(
  periods: readonly { plannedCents: CentsInput; spentCents: CentsInput }[],
  rollover: boolean,
): PeriodFigures[] {
  let carried = 0;
  return periods.map((p, i) => {
    checkCents(`periods.${i}.plannedCents`, p.plannedCents);
    // Spent may be below zero: refunds larger than the period's spending.
    if (!Number.isSafeInteger(p.spentCents)) throw new RangeError(`periods.${i}.spentCents must be a safe integer`);
    const rolled = rollover ? carried : 0;
    const left = p.plannedCents + rolled - p.spentCents;
    if (!Number.isSafeInteger(left)) throw new RangeError('the amount left is too large to count in cents');
    carried = left;
    return {
      plannedCents: asCents(p.plannedCents),
      rolledCents: asCents(rolled),
      spentCents: asCents(p.spentCents),
      leftCents: asCents(left),
    };
  });
}
