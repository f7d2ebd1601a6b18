import { describe, expect, it } from 'vitest';
import { browserDay } from './calendar.ts';
import { formatDay, formatDollars, formatPercent } from './display-format.ts';

describe('figures and days on the page', () => {
  it('show dollars with cents and percents as they come, with the house space', () => {
    expect(formatDollars(12_000)).toBe('$12,000.00');
    expect(formatPercent(8.33)).toBe('8.33 %');
    expect(formatPercent(25)).toBe('25 %');
    expect(formatPercent(12.5)).toBe('12.5 %');
  });

  it('read a day as a day, whatever the time zone', () => {
    expect(formatDay('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDay('2026-03-05T23:30:00.000Z')).toBe('Mar 5, 2026');
    // Not a day of the calendar: shown as it came.
    expect(formatDay('2026-02-30')).toBe('2026-02-30');
  });

  it("write today as the person's own calendar day", () => {
    expect(browserDay(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });
});
