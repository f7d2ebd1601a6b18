/**
 * The rules for a day a person types (issue 25; docs/decisions.md "One rule per kind of date").
 * - A day something happened (a ledger entry, a deposit, a transaction, a balance's "as of"): today
 *   or earlier in New York, one day ahead allowed (someone east of New York is already on
 *   tomorrow); an entry of the emergency fund not before the day the fund was set up.
 * - A day something is planned for (a goal's target date): after today (goals check it themselves).
 * - A loan's next payment date: any real day; one that has passed is read as the next one on the
 *   loan's day of the month (finance/due-date.ts); the loan forms say so before and after saving.
 */
import { addDays, dayLabel } from '@helo/finance/calendar';
import { invalidField } from './http-error.ts';
import { earliestUsDay, productToday } from './product-day.ts';

/** The message when a day that happened is later than today allows, or null. */
export function laterThanTodayMessage(label: string, day: string, now: Date): string | null {
  return day > addDays(productToday(now), 1) ? `${label} must be today or earlier` : null;
}

/** Refuses, at `path`, a day that happened later than today allows. */
export function checkHappenedDay(path: string, label: string, day: string, now: Date): void {
  const message = laterThanTodayMessage(label, day, now);
  if (message) throw invalidField(path, message);
}

/**
 * The first day an entry of something set up at `startedAt` (the emergency fund) may have: the day
 * it was set up, as the person setting it up saw it. That is the day of the moment out west
 * (Hawaii), not New York's: at 10 pm in California the fund is set up "today" there, which New York
 * already calls tomorrow, and the entry of the same evening must not be refused.
 */
export const firstEntryDay = (startedAt: Date): string => earliestUsDay(startedAt);

/** Refuses, at `path`, a day before the first day of what was set up at `startedAt` (its `firstEntryDay`). */
export function checkNotBeforeStart(path: string, label: string, day: string, startedAt: Date, what: string): void {
  const first = firstEntryDay(startedAt);
  if (day < first) throw invalidField(path, `${label} can not be before ${dayLabel(first)}, the day ${what}`);
}
