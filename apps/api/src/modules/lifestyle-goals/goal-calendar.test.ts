import { describe, expect, it } from 'vitest';
import { addMonths, monthOf, wholeMonthsBetween } from './goal-calendar.ts';

describe('addMonths', () => {
  it.each([
    ['2026-11-21', 1, '2026-12-21'],
    ['2026-11-21', 2, '2027-01-21'],
    ['2026-11-21', 12, '2027-11-21'],
    ['2026-11-21', 120, '2036-11-21'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-11-21', 0, '2026-11-21'],
  ])('%s + %s months = %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });
});

describe('wholeMonthsBetween', () => {
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

  it('counts back what addMonths added, from any day of the month', () => {
    for (const from of ['2026-01-31', '2026-02-28', '2028-02-29', '2026-11-21']) {
      for (const months of [1, 11, 12, 59, 120]) expect(wholeMonthsBetween(from, addMonths(from, months))).toBe(months);
    }
  });
});

it('monthOf gives the month of a day', () => {
  expect(monthOf('2026-11-21')).toBe('2026-11');
});
