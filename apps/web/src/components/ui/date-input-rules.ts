import { isDay } from '@helo/finance/calendar';

/**
 * Rules of the date input (spec §5): it shows the year-month-day part of its value and passes a chosen
 * day on as a full ISO timestamp at UTC midnight, which is how the API stores instants.
 */
const DAY_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/**
 * '2026-03-01T00:00:00.000Z' → '2026-03-01'. The prefix is taken as written, not converted through a
 * time zone, so the day shown is the day that was stored. Anything else shows as empty, which is all a
 * native date input can show for it anyway.
 */
export function toDisplayDate(value: string | null | undefined): string {
  if (!value) return '';
  return DAY_PREFIX.exec(value)?.[0] ?? '';
}

/** '2026-03-01' → '2026-03-01T00:00:00.000Z'; a string that is not a real day (2026-02-30) is returned unchanged. */
export const toIsoTimestamp = (input: string): string => (isDay(input) ? `${input}T00:00:00.000Z` : input);
