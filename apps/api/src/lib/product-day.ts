/**
 * Days without time (a ledger entry's date, a due date) are days in the product's time zone: the
 * app labels its times ET (spec §9), so "today" is New York's today whatever the server's zone.
 */
export const PRODUCT_ZONE = 'America/New_York';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PRODUCT_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'YYYY-MM-DD' of `now` in New York. */
export function productToday(now: Date): string {
  return dayFormat.format(now);
}

const westernmostDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Pacific/Honolulu',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * 'YYYY-MM-DD' of `instant` in the westernmost US time zone (Hawaii, UTC−10 all year): the earliest
 * day anyone in the US could call that moment's day. New York's day is up to a day later in the
 * evening out west (9:30 pm in California is already tomorrow in New York).
 */
export function earliestUsDay(instant: Date): string {
  return westernmostDay.format(instant);
}

/** 'YYYY-MM-DD' `days` after (or before) `day`, on the calendar (no time zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
