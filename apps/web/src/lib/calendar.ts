/**
 * The browser's side of the one calendar (@helo/finance/calendar): the web's days are the person's
 * own, in the browser's time zone, so a form's "today" and the pages' "this month" are the day and
 * month on the person's own calendar, as the date input shows them (docs/decisions.md "One
 * calendar"). The server's are New York's; it takes a day that happened up to one day after its
 * today, so the browser's today is always taken. Arithmetic and words come from the calendar itself.
 */
import { monthIn, todayIn } from '@helo/finance/calendar';

/** The browser's IANA time zone ('Europe/Berlin'); undefined lets Intl use the runtime's own. */
export const browserZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The day of `at` on the person's calendar ('2026-03-05'): today unless another moment is given. */
export const browserDay = (at: Date = new Date()): string => todayIn(browserZone(), at);

/** The month of `at` on the person's calendar ('2026-03'): this month unless another moment is given. */
export const browserMonth = (at: Date = new Date()): string => monthIn(browserZone(), at);
