import { dollarsOf } from '@helo/finance/cents';
import { describe, expect, it } from 'vitest';
import { byDate, cadenceLabel, monthsOf, monthWeeks } from './bills-calendar.ts';

describe('the bills calendar', () => {
  it('lays a month out in weeks from Sunday', () => {
    const weeks = monthWeeks('2026-11');
    // 1 November 2026 is a Sunday; 30 days make five weeks.
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toBe('2026-11-01');
    expect(weeks[4]?.slice(0, 2)).toEqual(['2026-11-29', '2026-11-30']);
    expect(weeks[4]?.[2]).toBeNull();
    // 1 December 2026 is a Tuesday.
    expect(monthWeeks('2026-12')[0]?.slice(0, 3)).toEqual([null, null, '2026-12-01']);
  });
  it('names the months of a window and groups the due dates by day', () => {
    expect(monthsOf('2026-11-21', '2027-01-20')).toEqual(['2026-11', '2026-12', '2027-01']);
    const o = {
      series_id: 's',
      name: 'Rent',
      kind: 'bill' as const,
      amount: dollarsOf(-1),
      account_id: 'a',
      category: null,
      paid: false,
      transaction_id: null,
    };
    expect([
      ...byDate([
        { ...o, date: '2026-12-01' },
        { ...o, date: '2026-12-01', name: 'Gym' },
      ]).keys(),
    ]).toEqual(['2026-12-01']);
  });
  it('says a cadence in words', () => {
    expect(cadenceLabel({ every: 'month', day: 14 })).toBe('Every month on the 14th');
    expect(cadenceLabel({ every: 'month', day: 'last' })).toBe('Every month on the last day');
    expect(cadenceLabel({ every: 'twice_month', days: [1, 15] })).toBe('Twice a month (1st and 15th)');
    expect(cadenceLabel({ every: 'month', day: 22 })).toBe('Every month on the 22nd');
    expect(cadenceLabel({ every: 'month', day: 11 })).toBe('Every month on the 11th');
  });
});
