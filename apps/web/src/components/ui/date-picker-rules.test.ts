import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  DEFAULT_TIME_INTERVAL_MINUTES,
  dateBounds,
  INVALID_DATE_MESSAGE,
  lastYear,
  parseTypedDate,
  WEEK_START_DAY,
  YEARS_PER_PAGE,
  yearOptions,
} from './date-picker-rules.ts';

const now = new Date(2026, 4, 15);

describe('constants from the spec', () => {
  it('match §5 and §9', () => {
    expect(DATE_FORMAT).toBe('MM/dd/yyyy');
    expect(DEFAULT_TIME_INTERVAL_MINUTES).toBe(30);
    expect(WEEK_START_DAY).toBe(0);
    expect(YEARS_PER_PAGE).toBe(12);
    expect(INVALID_DATE_MESSAGE).toBe('Date input not valid.');
  });
});

describe('yearOptions', () => {
  it('runs from 1900 to the current year plus 9, oldest first, with no gaps', () => {
    const years = yearOptions(now);
    expect(years[0]).toBe(1900);
    expect(years.at(-1)).toBe(2035);
    expect(years).toHaveLength(2035 - 1900 + 1);
    expect(years.every((year, index) => year === 1900 + index)).toBe(true);
  });

  it('follows the clock', () => {
    expect(yearOptions(new Date(2030, 0, 1)).at(-1)).toBe(2039);
    expect(lastYear(new Date(2030, 11, 31))).toBe(2039);
  });
});

describe('dateBounds', () => {
  it('spans the first moment of 1900 to the last moment of the last listed year', () => {
    const { minDate, maxDate } = dateBounds(now);
    expect(minDate).toEqual(new Date(1900, 0, 1));
    expect(maxDate).toEqual(new Date(2035, 11, 31, 23, 59, 59, 999));
  });
});

describe('parseTypedDate', () => {
  it.each([
    ['03/01/2026', new Date(2026, 2, 1)],
    ['3/1/2026', new Date(2026, 2, 1)],
    ['12/31/1999', new Date(1999, 11, 31)],
    ['02/29/2024', new Date(2024, 1, 29)],
    ['01/01/1900', new Date(1900, 0, 1)],
    ['12/31/2035', new Date(2035, 11, 31)],
    ['  03/01/2026  ', new Date(2026, 2, 1)],
  ])('reads %j as a date', (text, expected) => {
    expect(parseTypedDate(text, { now })).toEqual({ kind: 'valid', date: expected });
  });

  it.each([
    ['13/01/2026'],
    ['00/10/2026'],
    ['02/30/2026'],
    ['02/29/2023'],
    ['04/31/2026'],
    ['03/00/2026'],
    ['03/01/26'],
    ['03/01/202'],
    ['03-01-2026'],
    ['2026-03-01'],
    ['March 1, 2026'],
    ['abc'],
    ['12/31/1899'],
    ['01/01/2036'],
    ['03/01/2026 2:30 PM'],
  ])('rejects %j', (text) => {
    expect(parseTypedDate(text, { now })).toEqual({ kind: 'invalid' });
  });

  it.each([[''], ['   ']])('treats %j as empty, not as an error', (text) => {
    expect(parseTypedDate(text, { now })).toEqual({ kind: 'empty' });
  });

  describe('with a time', () => {
    it.each([
      ['03/01/2026 2:30 PM', new Date(2026, 2, 1, 14, 30)],
      ['03/01/2026 12:00 AM', new Date(2026, 2, 1, 0, 0)],
      ['03/01/2026 12:30 pm', new Date(2026, 2, 1, 12, 30)],
      ['03/01/2026 9:05am', new Date(2026, 2, 1, 9, 5)],
      ['03/01/2026', new Date(2026, 2, 1, 0, 0)],
    ])('reads %j', (text, expected) => {
      expect(parseTypedDate(text, { withTime: true, now })).toEqual({ kind: 'valid', date: expected });
    });

    it.each([['03/01/2026 13:00 PM'], ['03/01/2026 0:30 AM'], ['03/01/2026 2:60 PM'], ['03/01/2026 14:30']])(
      'rejects %j',
      (text) => {
        expect(parseTypedDate(text, { withTime: true, now })).toEqual({ kind: 'invalid' });
      },
    );
  });
});
