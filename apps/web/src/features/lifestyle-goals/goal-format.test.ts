import { dollarsOf } from '@helo/finance/cents';
import { describe, expect, it } from 'vitest';
import { goalEntryToast, monthLabel, monthlyText, monthsLeftText, statusText } from './goal-format.ts';

const plan = {
  monthly_needed: dollarsOf(450),
  months_left: 12,
  started_on: '2026-11-21',
  expected_now: dollarsOf(600),
};

describe('goal words', () => {
  it('says behind with what the plan expected and what the goal holds', () => {
    expect(statusText({ status: 'behind', saved_amount: dollarsOf(500), plan })).toBe(
      'Behind: your plan from Nov 21, 2026 expected $600.00 by today; you have $500.00.',
    );
    expect(statusText({ status: 'on_track', saved_amount: dollarsOf(700), plan })).toBe(
      'On track: your plan expected $600.00 by today; you have $700.00.',
    );
    expect(
      statusText({ status: 'on_track', saved_amount: dollarsOf(0), plan: { ...plan, expected_now: dollarsOf(0) } }),
    ).toBe('On track: your plan has just begun.');
    expect(statusText({ status: 'reached', saved_amount: dollarsOf(6000), plan })).toMatch(/^Reached/);
  });

  it('says the monthly amount, or that nothing is left to save', () => {
    expect(monthlyText({ status: 'on_track', plan })).toBe('$450.00 a month');
    expect(monthlyText({ status: 'reached', plan: { ...plan, monthly_needed: dollarsOf(0) } })).toBe(
      'Nothing more to save',
    );
  });

  it('counts months in words', () => {
    expect(monthsLeftText(12)).toBe('12 months');
    expect(monthsLeftText(1)).toBe('1 month');
    expect(monthsLeftText(0)).toBe('Target date reached');
  });

  it('adds the milestone an entry reached to the toast, only when it reached one', () => {
    expect(goalEntryToast('Deposit recorded', 'x', 25, 25)).toBe('Deposit recorded');
    expect(goalEntryToast(undefined, 'Deposit recorded', 25, 50)).toBe('Deposit recorded. You are 50 % there!');
    expect(goalEntryToast('Deposit recorded', 'x', 75, 100)).toBe('Deposit recorded. You reached your goal!');
  });

  it('names a projection month', () => {
    expect(monthLabel('2027-03')).toBe('Mar 2027');
  });
});
