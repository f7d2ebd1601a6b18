/**
 * A loan's next payment date never lies in the past (issue 15): a date that has passed rolls on a
 * month at a time to the same day of the month, or the month's last day when it is shorter.
 */

/**
 * 'YYYY-MM-DD' plus `months` calendar months, on `dayOfMonth` (the date's own day unless given),
 * clamped to the month's last day.
 */
export function addMonthsClamped(day: string, months: number, dayOfMonth?: number): string {
  const [y, m, own] = parseDay(day);
  const d = dayOfMonth ?? own;
  if (!Number.isInteger(d) || d < 1 || d > 31) throw new RangeError(`${d} is not a day of a month`);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return formatDay(year, month, Math.min(d, last));
}

/**
 * The first payment date on or after `today`, on the loan's day of the month `dueDay` (the due
 * date's own day unless given): a loan due on the 31st is due on the 28th in February and on the
 * 31st again in March, so a date once rolled into a short month is not stuck on the 28th.
 */
export function nextDueDate(dueDate: string, today: string, dueDay?: number): string {
  if (dueDate >= today) return dueDate;
  const [y, m] = parseDay(dueDate);
  const [ty, tm] = parseDay(today);
  let months = (ty - y) * 12 + (tm - m);
  let next = addMonthsClamped(dueDate, months, dueDay);
  if (next < today) next = addMonthsClamped(dueDate, ++months, dueDay);
  return next;
}

/** The payment date after the one due on `dueDate`: a month on, on the loan's day `dueDay`. */
export const followingDueDate = (dueDate: string, dueDay: number): string => addMonthsClamped(dueDate, 1, dueDay);

function parseDay(day: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`'${day}' is not a YYYY-MM-DD day`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const formatDay = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
