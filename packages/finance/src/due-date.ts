/**
 * A loan's next payment date never lies in the past (issue 15): a date that has passed rolls on a
 * month at a time to the same day of the month, or the month's last day when it is shorter.
 */
import { addMonths, monthOf, monthsBetween } from './calendar.ts';

/**
 * The first payment date on or after `today`, on the loan's day of the month `dueDay` (the due
 * date's own day unless given): a loan due on the 31st is due on the 28th in February and on the
 * 31st again in March, so a date once rolled into a short month is not stuck on the 28th.
 */
export function nextDueDate(dueDate: string, today: string, dueDay?: number): string {
  if (dueDate >= today) return dueDate;
  let months = monthsBetween(monthOf(dueDate), monthOf(today));
  let next = addMonths(dueDate, months, dueDay);
  if (next < today) next = addMonths(dueDate, ++months, dueDay);
  return next;
}

/** The payment date after the one due on `dueDate`: a month on, on the loan's day `dueDay`. */
export const followingDueDate = (dueDate: string, dueDay: number): string => addMonths(dueDate, 1, dueDay);
