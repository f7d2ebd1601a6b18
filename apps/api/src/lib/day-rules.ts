/**
 * The rules for a day a person types (issue 25; docs/decisions.md "One rule per kind of date").
 * - A day something happened (a ledger entry, a deposit, a transaction, a balance's "as of"): today
 *   or earlier in New York, one day ahead allowed (someone east of New York is already on
 *   tomorrow).
 * - A day something is planned for (a goal's target date): after today (goals check it themselves).
 * - A loan's next payment date: any real day; one that has passed is read as the next one on the
 *   loan's day of the month (finance/due-date.ts); the loan forms say so before and after saving.
 */
import { invalidField } from './http-error.ts';
import { addDays, productToday } from './product-day.ts';

/** The message when a day that happened is later than today allows, or null. */
export function laterThanTodayMessage(label: string, day: string, now: Date): string | null {
  return day > addDays(productToday(now), 1) ? `${label} must be today or earlier` : null;
}

/** Refuses, at `path`, a day that happened later than today allows. */
export function checkHappenedDay(path: string, label: string, day: string, now: Date): void {
  const message = laterThanTodayMessage(label, day, now);
  if (message) throw invalidField(path, message);
}
