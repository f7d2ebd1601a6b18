import { addMonths, format, isValid, parseISO, startOfMonth } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayLabel, isoDay, monthLabel, monthStart, parseDay } from './calendar.ts';

// The module replaced date-fns on the pages; these pin it to what date-fns answered.
const days = fc.date({ min: new Date(1000, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true });

describe('calendar days without date-fns', () => {
  it('label, write and step months as date-fns did', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: -600, max: 600 }), (date, months) => {
        expect(dayLabel(date)).toBe(format(date, 'MMM d, yyyy'));
        expect(isoDay(date)).toBe(format(date, 'yyyy-MM-dd'));
        expect(monthLabel(date)).toBe(format(date, 'MMM yyyy'));
        expect(monthStart(date).getTime()).toBe(startOfMonth(date).getTime());
        expect(monthLabel(monthStart(date, months))).toBe(format(addMonths(date, months), 'MMM yyyy'));
      }),
    );
  });

  it('read a written day back as the same local day, as parseISO does', () => {
    fc.assert(
      fc.property(days, (date) => {
        const day = isoDay(date);
        expect(parseDay(day)?.getTime()).toBe(parseISO(day).getTime());
      }),
    );
  });

  it('refuse what is not a day of the calendar', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', 'soon', '', '2026-3-5']) {
      expect(parseDay(bad), bad).toBeNull();
    }
    expect(isValid(parseISO('2026-02-30'))).toBe(false);
    expect(parseDay('2028-02-29')).toEqual(new Date(2028, 1, 29));
    expect(parseDay('0099-01-02')?.getFullYear()).toBe(99);
  });
});
