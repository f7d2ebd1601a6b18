/**
 * The server's side of the one calendar (@helo/finance/calendar): its days are New York's. The app
 * labels its times ET (spec §9), so "today" and "this month" are New York's whatever the server's
 * zone; `now` comes from the request's Clock, so a test can move it. Day and month arithmetic is
 * the calendar's own, imported from there.
 */
import { monthIn, PRODUCT_ZONE, todayIn } from '@helo/finance/calendar';

/** 'YYYY-MM-DD' of `now` in New York. */
export const productToday = (now: Date): string => todayIn(PRODUCT_ZONE, now);

/** 'YYYY-MM' of `now` in New York: the month Home, the Wallet and the fund call "this month". */
export const productMonth = (now: Date): string => monthIn(PRODUCT_ZONE, now);

// Hawaii (UTC−10 all year) is the westernmost US time zone.
const WESTERNMOST_US_ZONE = 'Pacific/Honolulu';

/**
 * 'YYYY-MM-DD' of `instant` in the westernmost US time zone (Hawaii): the earliest day anyone in
 * the US could call that moment's day. New York's day is up to a day later in the evening out west
 * (9:30 pm in California is already tomorrow in New York).
 */
export const earliestUsDay = (instant: Date): string => todayIn(WESTERNMOST_US_ZONE, instant);
