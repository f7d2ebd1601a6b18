import type { Notification } from '@helo/contract/notifications';
import { PRODUCT_ZONE } from '@helo/finance/calendar';

// Spec §9: US English, 12-hour time, labelled ET — so every date is shown in New York time.
const shortDate = new Intl.DateTimeFormat('en-US', { timeZone: PRODUCT_ZONE, month: 'short', day: 'numeric' });
const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: PRODUCT_ZONE,
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const time = new Intl.DateTimeFormat('en-US', {
  timeZone: PRODUCT_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const monthYear = new Intl.DateTimeFormat('en-US', { timeZone: PRODUCT_ZONE, month: 'long', year: 'numeric' });
const monthOnly = new Intl.DateTimeFormat('en-US', { timeZone: PRODUCT_ZONE, month: 'long' });

/** 'Nov 21' */
export const formatShortDate = (iso: string) => shortDate.format(new Date(iso));

/** 'Sent: November 21, 2026 at 7:05 AM ET' */
export const formatSent = (iso: string) =>
  `Sent: ${longDate.format(new Date(iso))} at ${time.format(new Date(iso))} ET`;

export interface MonthGroup {
  /** The month's name; the year is added only for months of another year than `now`. */
  label: string;
  items: Notification[];
}

/** Groups newest-first notifications by month (in ET), keeping their order. */
export function groupByMonth(items: Notification[], now: Date): MonthGroup[] {
  const thisYear = monthYear.format(now).split(' ')[1];
  const groups: MonthGroup[] = [];
  let current: { key: string; group: MonthGroup } | undefined;
  for (const item of items) {
    const date = new Date(item.date);
    const key = monthYear.format(date);
    if (current?.key !== key) {
      const label = key.endsWith(thisYear ?? '') ? monthOnly.format(date) : key;
      current = { key, group: { label, items: [] } };
      groups.push(current.group);
    }
    current.group.items.push(item);
  }
  return groups;
}

/** Spec §9: the unread count is computed on the client. */
