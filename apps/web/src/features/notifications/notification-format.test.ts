import { describe, expect, it } from 'vitest';
import { formatSent, formatShortDate, groupByMonth } from './notification-format.ts';

const n = (id: string, date: string, is_read = false) => ({ _id: id, title: id, message: 'm', date, is_read });

describe('notification dates', () => {
  it('shows month and day in New York time', () => {
    expect(formatShortDate('2026-11-21T12:00:00.000Z')).toBe('Nov 21');
    // 02:00 UTC on Dec 1 is still Nov 30 in New York.
    expect(formatShortDate('2026-12-01T02:00:00.000Z')).toBe('Nov 30');
  });

  it("writes 'Sent: {date} at {time} ET' with a 12-hour clock", () => {
    expect(formatSent('2026-11-21T17:05:00.000Z')).toBe('Sent: November 21, 2026 at 12:05 PM ET');
    expect(formatSent('2026-07-04T13:30:00.000Z')).toBe('Sent: July 4, 2026 at 9:30 AM ET');
  });
});

describe('grouping by month', () => {
  it('groups newest first by month name, adding the year only for other years', () => {
    const items = [
      n('a', '2026-11-20T15:00:00.000Z'),
      n('b', '2026-11-02T15:00:00.000Z'),
      n('c', '2026-10-30T15:00:00.000Z'),
      n('d', '2025-12-24T15:00:00.000Z'),
    ];
    const groups = groupByMonth(items, new Date('2026-11-21T12:00:00Z'));
    expect(groups.map((g) => [g.label, g.items.map((i) => i._id)])).toEqual([
      ['November', ['a', 'b']],
      ['October', ['c']],
      ['December 2025', ['d']],
    ]);
  });

  it('is empty for no notifications', () => {
    expect(groupByMonth([], new Date())).toEqual([]);
  });
});
