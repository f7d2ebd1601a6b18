import { describe, expect, it } from 'vitest';
import { currentMonth, monthLabel, nextMonth } from './months.ts';

describe('months', () => {
  it('takes the month in New York, not UTC', () => {
    // 03:00 UTC on 1 December is still the evening of 30 November in New York.
    expect(currentMonth(new Date('2026-12-01T03:00:00Z'))).toBe('2026-11');
    expect(currentMonth(new Date('2026-12-01T06:00:00Z'))).toBe('2026-12');
  });
  it('steps to the next month across a year', () => {
    expect(nextMonth('2026-11')).toBe('2026-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
  });
  it('names a month', () => {
    expect(monthLabel('2027-01')).toBe('January 2027');
  });
});
