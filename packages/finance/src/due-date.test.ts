import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from './calendar.ts';
import { followingDueDate, nextDueDate } from './due-date.ts';

describe('the loan’s own day of the month', () => {
  it('goes back to the 31st after a date rolled into February', () => {
    // Saved as Jan 31, rolled to Feb 28 and stored: the day 31 brings March back to the 31st.
    expect(nextDueDate('2026-02-28', '2026-03-01', 31)).toBe('2026-03-31');
    expect(nextDueDate('2026-02-28', '2026-03-01')).toBe('2026-03-28');
    expect(followingDueDate('2026-02-28', 31)).toBe('2026-03-31');
    expect(followingDueDate('2026-01-31', 31)).toBe('2026-02-28');
    expect(followingDueDate('2026-04-30', 31)).toBe('2026-05-31');
    expect(followingDueDate('2026-12-15', 15)).toBe('2027-01-15');
  });

  it('refuses a day that no month has', () => {
    expect(() => followingDueDate('2026-01-01', 0)).toThrow(RangeError);
    expect(() => followingDueDate('2026-01-01', 32)).toThrow(RangeError);
  });
});

describe('nextDueDate', () => {
  it('keeps a date that has not passed, today included', () => {
    expect(nextDueDate('2026-12-01', '2026-11-23')).toBe('2026-12-01');
    expect(nextDueDate('2026-11-23', '2026-11-23')).toBe('2026-11-23');
  });

  it('rolls a passed date to the same day of the next month, or further when more months passed', () => {
    expect(nextDueDate('2026-11-05', '2026-11-23')).toBe('2026-12-05');
    expect(nextDueDate('2026-11-30', '2026-11-23')).toBe('2026-11-30');
    expect(nextDueDate('2026-03-15', '2026-11-23')).toBe('2026-12-15');
    expect(nextDueDate('2025-12-20', '2026-01-02')).toBe('2026-01-20');
  });

  it('uses the month’s last day when it is shorter, and the 31st again when the month has one', () => {
    expect(nextDueDate('2026-01-31', '2026-02-10')).toBe('2026-02-28');
    expect(nextDueDate('2026-01-31', '2026-03-01')).toBe('2026-03-31');
    expect(nextDueDate('2027-12-31', '2028-02-01')).toBe('2028-02-29'); // a leap year
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('is never before today, never a month or more after it, and keeps the day when the month allows', () => {
    const day = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (due, today) => {
        const next = nextDueDate(due, today);
        expect(next >= today).toBe(true);
        if (due < today) {
          expect(next < addMonths(today, 1) || next === addMonths(today, 1)).toBe(true);
          const wanted = Number(due.slice(8));
          const got = Number(next.slice(8));
          const last = new Date(Date.UTC(Number(next.slice(0, 4)), Number(next.slice(5, 7)), 0)).getUTCDate();
          expect(got).toBe(Math.min(wanted, last));
        } else {
          expect(next).toBe(due);
        }
      }),
    );
  });
});
