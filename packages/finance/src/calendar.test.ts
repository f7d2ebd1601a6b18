import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToMonth,
  dayLabel,
  dayOf,
  dayParts,
  daysBetween,
  daysInMonth,
  firstDayOf,
  isCalendarDay,
  isDay,
  isMonth,
  lastDayOf,
  longDayLabel,
  monthIn,
  monthLabel,
  monthOf,
  monthsBetween,
  nextMonth,
  PRODUCT_ZONE,
  previousMonth,
  shortMonthLabel,
  todayIn,
  wholeMonthsBetween,
} from './calendar.ts';

const DAY_MS = 86_400_000;
// Instants over the years the product meets, and their days as UTC writes them (the oracle).
const instants = fc.date({
  min: new Date('1900-01-01T00:00:00Z'),
  max: new Date('2199-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const days = instants.map((d) => d.toISOString().slice(0, 10));
const months = days.map(monthOf);

describe('today in a zone', () => {
  it("is New York's day, standard time and summer time, whatever the server's zone", () => {
    expect(PRODUCT_ZONE).toBe('America/New_York');
    // 03:00 UTC on 22 November is 10 pm on the 21st in New York (EST, UTC−5).
    expect(todayIn(PRODUCT_ZONE, new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-21');
    expect(todayIn(PRODUCT_ZONE, new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-22');
    // Summer time (EDT, UTC−4): 03:59 UTC on 1 November is still 31 October, 04:00 is 1 November.
    expect(todayIn(PRODUCT_ZONE, new Date('2026-11-01T03:59:59Z'))).toBe('2026-10-31');
    expect(todayIn(PRODUCT_ZONE, new Date('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    // The night the clocks go forward (8 March 2026, 2 am EST becomes 3 am EDT).
    expect(todayIn(PRODUCT_ZONE, new Date('2026-03-08T04:59:59Z'))).toBe('2026-03-07');
    expect(todayIn(PRODUCT_ZONE, new Date('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
    expect(todayIn('Pacific/Honolulu', new Date('2026-11-22T09:59:00Z'))).toBe('2026-11-21');
    expect(todayIn('Asia/Tokyo', new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
    expect(todayIn('UTC', new Date('0099-01-02T12:00:00Z'))).toBe('0099-01-02');
  });

  it('turns the day at midnight on the nights the clocks change, in New York and in Berlin', () => {
    // New York falls back on 1 November 2026 (2 am EDT becomes 1 am EST): that day has 25 hours.
    expect(todayIn(PRODUCT_ZONE, new Date('2026-11-01T05:30:00Z'))).toBe('2026-11-01');
    expect(todayIn(PRODUCT_ZONE, new Date('2026-11-02T04:59:59Z'))).toBe('2026-11-01');
    expect(todayIn(PRODUCT_ZONE, new Date('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
    // Berlin goes forward on 29 March 2026 (2 am CET becomes 3 am CEST) and back on 25 October.
    const berlin = 'Europe/Berlin';
    expect(todayIn(berlin, new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(todayIn(berlin, new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(todayIn(berlin, new Date('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(todayIn(berlin, new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(todayIn(berlin, new Date('2026-10-24T21:59:59Z'))).toBe('2026-10-24');
    expect(todayIn(berlin, new Date('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    expect(todayIn(berlin, new Date('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(todayIn(berlin, new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it("is the day Intl's calendar names in New York and Berlin, 1900–2199", () => {
    const intlDay = (zone: string, now: Date) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
      }).formatToParts(now);
      const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      return dayOf(part('year'), part('month'), part('day'));
    };
    fc.assert(
      fc.property(instants, fc.constantFrom(PRODUCT_ZONE, 'Europe/Berlin'), (now, zone) => {
        expect(todayIn(zone, now)).toBe(intlDay(zone, now));
      }),
    );
  });

  it('names this month in a zone: the evening of 30 November in New York is still November', () => {
    expect(monthIn(PRODUCT_ZONE, new Date('2026-12-01T03:00:00Z'))).toBe('2026-11');
    expect(monthIn(PRODUCT_ZONE, new Date('2026-12-01T06:00:00Z'))).toBe('2026-12');
    expect(monthIn('Europe/Berlin', new Date('2026-11-30T23:30:00Z'))).toBe('2026-12');
  });

  it('refuses a zone that does not exist', () => {
    expect(() => todayIn('Mars/Olympus_Mons', new Date())).toThrow(RangeError);
  });

  it('is the UTC day in UTC, the local day without a zone, and never more than a day from UTC', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(PRODUCT_ZONE, 'Pacific/Honolulu', 'Pacific/Kiritimati'), (now, zone) => {
        const utc = now.toISOString().slice(0, 10);
        expect(todayIn('UTC', now)).toBe(utc);
        const local = dayOf(now.getFullYear(), now.getMonth() + 1, now.getDate());
        expect(todayIn(undefined, now)).toBe(local);
        expect(Math.abs(daysBetween(utc, todayIn(zone, now)))).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('reading days and months', () => {
  it('knows which days the calendar has', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2000-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-3-5', 'soon', '']) {
      expect(isDay(bad), bad).toBe(false);
    }
    expect(isCalendarDay(2026, 2, 28)).toBe(true);
    expect(isCalendarDay(2026, 2, 28.5)).toBe(false);
    expect(isMonth('2026-12')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(() => dayParts('2026-02-30')).toThrow(RangeError);
    expect(() => nextMonth('2026-13')).toThrow(RangeError);
  });

  it('reads the years 0000–0099 as themselves, not as 1900–1999', () => {
    // new Date(50, 0, 1), Date.UTC(50, 0, 1) and date-fns's isExists(50, 0, 1) all mean 1950.
    expect(isDay('0050-01-01')).toBe(true);
    expect(isCalendarDay(50, 1, 1)).toBe(true);
    expect(isDay('0048-02-29')).toBe(true);
    expect(isDay('0100-02-29')).toBe(false);
    expect(addDays('0049-12-31', 1)).toBe('0050-01-01');
    expect(daysBetween('0050-01-01', '1950-01-01')).toBe(693_960);
    expect(addMonths('0050-01-31', 1)).toBe('0050-02-28');
    expect(lastDayOf('0000-02')).toBe('0000-02-29');
    expect(monthsBetween('0050-01', '1950-01')).toBe(22_800);
    expect(() => addDays('0000-01-01', -1)).toThrow(RangeError);
    expect(() => addMonthsToMonth('9999-12', 1)).toThrow(RangeError);
  });

  it('agrees with the UTC calendar on every day', () => {
    fc.assert(
      fc.property(instants, (d) => {
        const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
        expect(isCalendarDay(y, m, day)).toBe(true);
        expect(dayParts(dayOf(y, m, day))).toEqual([y, m, day]);
        // The day after the month's last is the 1st of the next month.
        const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
        expect(daysInMonth(monthOf(dayOf(y, m, day)))).toBe(last);
        expect(isCalendarDay(y, m, last + 1)).toBe(false);
      }),
    );
  });
});

describe('days', () => {
  it('step across months, years and leap days', () => {
    expect(addDays('2026-11-21', 1)).toBe('2026-11-22');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('0100-03-01', -1)).toBe('0100-02-28');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2026-11-21', '2026-11-01')).toBe(-20);
  });

  it('add as UTC time adds whole days', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: -40_000, max: 40_000 }), (d, n) => {
        const day = d.toISOString().slice(0, 10);
        const later = new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
        expect(addDays(day, n)).toBe(later);
      }),
    );
  });

  it('count back what they added, and add in any grouping', () => {
    const steps = fc.integer({ min: -20_000, max: 20_000 });
    fc.assert(
      fc.property(days, steps, steps, (day, a, b) => {
        expect(daysBetween(day, addDays(day, a))).toBe(a);
        expect(addDays(day, daysBetween(day, addDays(day, a)))).toBe(addDays(day, a));
        expect(addDays(addDays(day, a), b)).toBe(addDays(day, a + b));
        // Strings of days sort as the days do.
        expect(Math.sign(daysBetween(day, addDays(day, a)))).toBe(Math.sign(addDays(day, a).localeCompare(day)));
      }),
    );
  });
});

describe('months', () => {
  it('step across a year both ways, and know their first and last days', () => {
    expect(nextMonth('2026-11')).toBe('2026-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(addMonthsToMonth('2026-11', -23)).toBe('2024-12');
    expect(monthsBetween('2026-11', '2027-01')).toBe(2);
    expect(monthsBetween('2027-01', '2026-11')).toBe(-2);
    expect(firstDayOf('2026-11')).toBe('2026-11-01');
    expect(lastDayOf('2026-11')).toBe('2026-11-30');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2100-02')).toBe('2100-02-28');
  });

  it('add in any grouping and count back what they added', () => {
    const steps = fc.integer({ min: -1200, max: 1200 });
    fc.assert(
      fc.property(months, steps, steps, (month, a, b) => {
        expect(addMonthsToMonth(addMonthsToMonth(month, a), b)).toBe(addMonthsToMonth(month, a + b));
        expect(monthsBetween(month, addMonthsToMonth(month, a))).toBe(a);
        expect(previousMonth(nextMonth(month))).toBe(month);
        expect(addDays(lastDayOf(month), 1)).toBe(firstDayOf(nextMonth(month)));
      }),
    );
  });
});

describe('a day some months on', () => {
  it.each([
    ['2026-11-21', 1, '2026-12-21'],
    ['2026-11-21', 2, '2027-01-21'],
    ['2026-11-21', 12, '2027-11-21'],
    ['2026-11-21', 120, '2036-11-21'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-08-31', 1, '2026-09-30'],
    ['2026-11-21', 0, '2026-11-21'],
  ])('%s + %s months = %s (the last day when the month is shorter)', (day, n, expected) => {
    expect(addMonths(day, n)).toBe(expected);
  });

  it('keeps a day of the month it is given, so the 31st comes back after February', () => {
    expect(addMonths('2026-02-28', 1, 31)).toBe('2026-03-31');
    expect(addMonths('2026-01-31', 1, 31)).toBe('2026-02-28');
    expect(() => addMonths('2026-01-01', 1, 0)).toThrow(RangeError);
    expect(() => addMonths('2026-01-01', 1, 32)).toThrow(RangeError);
  });

  it('adds in any grouping when the day of the month is given, and clamps to the month', () => {
    const steps = fc.integer({ min: -600, max: 600 });
    fc.assert(
      fc.property(days, steps, steps, fc.integer({ min: 1, max: 31 }), (day, a, b, dom) => {
        expect(addMonths(addMonths(day, a, dom), b, dom)).toBe(addMonths(day, a + b, dom));
        const result = addMonths(day, a);
        expect(monthOf(result)).toBe(addMonthsToMonth(monthOf(day), a));
        expect(dayParts(result)[2]).toBe(Math.min(dayParts(day)[2], daysInMonth(monthOf(result))));
      }),
    );
  });
});

describe('whole months between two days', () => {
  it.each([
    ['2026-11-21', '2026-11-21', 0],
    ['2026-11-21', '2026-11-22', 0],
    ['2026-11-21', '2026-12-20', 0],
    ['2026-11-21', '2026-12-21', 1],
    ['2026-11-21', '2027-11-20', 11],
    ['2026-11-21', '2027-11-21', 12],
    ['2026-01-31', '2026-02-28', 1],
    ['2026-01-31', '2026-02-27', 0],
    ['2026-02-28', '2026-03-30', 1],
    ['2026-11-21', '2026-10-01', 0],
  ])('%s → %s: %s', (from, to, expected) => {
    expect(wholeMonthsBetween(from, to)).toBe(expected);
  });

  it('are the most months that fit, and count back what addMonths added', () => {
    fc.assert(
      fc.property(days, days, fc.integer({ min: 0, max: 1200 }), (from, to, n) => {
        expect(wholeMonthsBetween(from, addMonths(from, n))).toBe(n);
        const whole = wholeMonthsBetween(from, to);
        if (to <= from) return void expect(whole).toBe(0);
        expect(addMonths(from, whole) <= to).toBe(true);
        expect(addMonths(from, whole + 1) > to).toBe(true);
      }),
    );
  });
});

describe("whatever the runtime's own time zone", () => {
  const realZone = process.env.TZ;
  afterEach(() => {
    if (realZone === undefined) delete process.env.TZ;
    else process.env.TZ = realZone;
  });

  // Node takes a new TZ at once. Kiritimati skipped 31 December 1994 and Samoa 30 December 2011 (both
  // crossed the date line): a TZDate in 'UTC' skipped those days too, since its setters go through
  // the runtime's zone.
  it.each(['America/New_York', 'Europe/Berlin', 'Pacific/Kiritimati', 'Pacific/Apia'])('%s', (zone) => {
    process.env.TZ = zone;
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
    // The days the clocks change in New York and Berlin are days like the others.
    for (const day of ['2026-03-08', '2026-11-01', '2026-03-29', '2026-10-25']) {
      expect(addDays(addDays(day, -1), 1)).toBe(day);
      expect(daysBetween(addDays(day, -1), addDays(day, 1))).toBe(2);
      expect(addMonths(day, 1)).toBe(`${nextMonth(monthOf(day))}-${day.slice(8)}`);
      expect(wholeMonthsBetween(day, addMonths(day, 1))).toBe(1);
      expect(wholeMonthsBetween(day, addDays(addMonths(day, 1), -1))).toBe(0);
    }
    // The days those runtimes skipped are days of the calendar.
    expect(isDay('1994-12-31')).toBe(true);
    expect(daysInMonth('1994-12')).toBe(31);
    expect(addDays('1994-12-30', 1)).toBe('1994-12-31');
    expect(addDays('2011-12-29', 1)).toBe('2011-12-30');
    expect(daysBetween('2011-12-29', '2011-12-31')).toBe(2);
    expect(lastDayOf('2011-12')).toBe('2011-12-31');
    fc.assert(
      fc.property(instants, fc.integer({ min: -40_000, max: 40_000 }), (d, n) => {
        const day = d.toISOString().slice(0, 10);
        const later = new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
        expect(addDays(day, n)).toBe(later);
        expect(daysBetween(day, later)).toBe(n);
        expect(dayParts(later)[2]).toBeLessThanOrEqual(daysInMonth(monthOf(later)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('in words', () => {
  it('say days and months as the app does', () => {
    expect(dayLabel('2026-11-01')).toBe('Nov 1, 2026');
    expect(longDayLabel('2026-09-05')).toBe('September 5, 2026');
    expect(monthLabel('2027-01')).toBe('January 2027');
    expect(shortMonthLabel('2027-03')).toBe('Mar 2027');
  });

  it("say what Intl's US English says", () => {
    const words = (day: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
    fc.assert(
      fc.property(days, (day) => {
        expect(dayLabel(day)).toBe(words(day, { month: 'short', day: 'numeric', year: 'numeric' }));
        expect(longDayLabel(day)).toBe(words(day, { month: 'long', day: 'numeric', year: 'numeric' }));
        expect(monthLabel(monthOf(day))).toBe(words(day, { month: 'long', year: 'numeric' }));
        expect(shortMonthLabel(monthOf(day))).toBe(words(day, { month: 'short', year: 'numeric' }));
      }),
    );
  });
});
