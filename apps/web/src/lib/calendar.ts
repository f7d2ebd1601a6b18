/**
 * The browser's side of the one calendar (@helo/finance/calendar): the web's days are the person's
 * own, in the browser's time zone, so a form's "today" and the pages' "this month" are the day and
 * month on the person's own calendar, as the date input shows them (docs/decisions.md "One
 * calendar"). The server's are New York's; it takes a day that happened up to one day after its
 * today, so the browser's today is always taken. Arithmetic and words come from the calendar itself.
 *
 * Not the calendar's `todayIn`: a Date's own fields already are the browser's zone, and todayIn
 * would bring @date-fns/tz (~1.5 KB gzipped) onto every page for a zone the browser needs no help with.
 */
import { dayOf, monthOf } from '@helo/finance/calendar';

/** The browser's IANA time zone ('Europe/Berlin'), the one its Dates' own fields are in. */
export const browserZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The day of `at` on the person's calendar ('2026-03-05'): today unless another moment is given. */
export const browserDay = (at: Date = new Date()): string => dayOf(at.getFullYear(), at.getMonth() + 1, at.getDate());

/** The month of `at` on the person's calendar ('2026-03'): this month unless another moment is given. */
export const browserMonth = (at: Date = new Date()): string => monthOf(browserDay(at));
