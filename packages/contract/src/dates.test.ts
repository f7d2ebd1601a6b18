import { describe, expect, it } from 'vitest';
import { calendarDay } from './dates.ts';

describe('calendarDay', () => {
  const day = calendarDay('Date');
  const messages = (value: string) => day.safeParse(value).error?.issues.map((i) => i.message);

  it('keeps the day as written, from a day or a timestamp', () => {
    expect(day.parse('2028-02-29')).toBe('2028-02-29');
    expect(day.parse('2026-11-21T23:30:00-05:00')).toBe('2026-11-21');
  });

  it('refuses a day the calendar lacks, and a real day outside 1900–2199 as out of range', () => {
    expect(messages('2026-02-29')).toEqual(['Date is not a real date']);
    expect(messages('2026-04-31')).toEqual(['Date is not a real date']);
    // Year 50 is a real year: Date once read it as 1950 and called the day unreal (issue 27, "One calendar").
    expect(messages('0050-01-01')).toEqual(['Date must be between 1900 and 2199']);
    expect(messages('2200-01-01')).toEqual(['Date must be between 1900 and 2199']);
  });
});
