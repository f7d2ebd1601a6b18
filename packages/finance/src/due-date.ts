/**
 * A loan's next payment date never lies in the past (issue 15): a date that has passed rolls on a
 * month at a time to the same day of the month, or the month's last day when it is shorter.
 */

/** 'YYYY-MM-DD' plus `months` calendar months, the day kept or clamped to the month's last day. */
export function addMonthsClamped(day: string, months: number): string {
  const [y, m, d] = parseDay(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return formatDay(year, month, Math.min(d, last));
}

/**
 * The first payment date on or after `today`, counted from `dueDate` itself rather than from the
 * last rolled date, so that a loan due on the 31st is due on the 28th in February and on the 31st
 * again in March (rolling from Feb 28 would move it to the 28th for good).
 */
export function nextDueDate(dueDate: string, today: string): string {
  if (dueDate >= today) return dueDate;
  const [y, m] = parseDay(dueDate);
  const [ty, tm] = parseDay(today);
  let months = (ty - y) * 12 + (tm - m);
  let next = addMonthsClamped(dueDate, months);
  if (next < today) next = addMonthsClamped(dueDate, ++months);
  return next;
}

function parseDay(day: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`'${day}' is not a YYYY-MM-DD day`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const formatDay = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
