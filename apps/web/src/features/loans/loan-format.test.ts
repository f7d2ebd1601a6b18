import { describe, expect, it } from 'vitest';
import { formatDay } from '../../lib/display-format.ts';
import { debtCaption, debtIconKind, loanNames } from './debt-types.ts';
import { averageRate, formatDollars, formatMonths, planMonthLabel, planStartMonth } from './loan-format.ts';

describe('loan display', () => {
  it('shows money with a dollar sign, separators and cents', () => {
    expect(formatDollars(18250.5)).toBe('$18,250.50');
    expect(formatDollars(0)).toBe('$0.00');
  });

  it('shows a due day as written, whatever the time zone', () => {
    expect(formatDay('2026-12-05')).toBe('Dec 5, 2026');
    expect(formatDay('2027-01-01T00:00:00.000Z')).toBe('Jan 1, 2027');
  });

  it('counts a started month as a month', () => {
    expect(formatMonths(57.68)).toBe('4 years 10 months');
    expect(formatMonths(12)).toBe('1 year');
    expect(formatMonths(0.2)).toBe('1 month');
    expect(formatMonths(0)).toBe('Paid off');
  });

  it('averages the rates to two decimals (spec: the comparison panel’s default)', () => {
    // (6.25 + 22.99 + 5.5) ÷ 3 = 11.58
    expect(averageRate([6.25, 22.99, 5.5])).toBe('11.58');
    expect(averageRate([5])).toBe('5');
    expect(averageRate([])).toBe('0');
  });

  it('starts a plan in the month of the first payment, never in the past', () => {
    const today = '2026-11-21';
    expect(planMonthLabel(planStartMonth(['2027-01-15', '2026-12-20'], today), 1)).toBe('Dec 2026');
    expect(planMonthLabel(planStartMonth(['2026-10-01'], today), 1)).toBe('Nov 2026');
    expect(planMonthLabel(planStartMonth([], today), 13)).toBe('Nov 2027');
  });

  it('names debt types without the trailing s and picks their icon, the mortgage icon when unknown', () => {
    expect(debtCaption('Line of credits')).toBe('Line of credit');
    expect(debtIconKind('Credit cards')).toBe('card');
    expect(debtIconKind('Boat loans')).toBe('mortgage');
    const loan = (debt_name: string, nickname: string | null = null) => ({ debt: { debt_name }, nickname });
    expect(loanNames([loan('Credit cards'), loan('Auto loans'), loan('Credit cards')])).toEqual([
      'Credit card 1',
      'Auto loan',
      'Credit card 2',
    ]);
    // A lender or nickname names the loan beside its type, and tells two of a type apart.
    expect(loanNames([loan('Credit cards', 'Chase'), loan('Auto loans'), loan('Credit cards')])).toEqual([
      'Credit card (Chase)',
      'Auto loan',
      'Credit card',
    ]);
    expect(loanNames([loan('Credit cards', 'Chase'), loan('Credit cards', 'Chase')])).toEqual([
      'Credit card (Chase) 1',
      'Credit card (Chase) 2',
    ]);
  });
});
