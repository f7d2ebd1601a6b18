import { dollarsOf } from '@helo/finance/cents';
import { describe, expect, it } from 'vitest';
import {
  clearsBalanceWarning,
  entryLabel,
  entryToastText,
  expensesSentence,
  formatDuration,
  monthsSentence,
} from './fund-format.ts';

describe('the months to a target', () => {
  it('read in years and months', () => {
    expect(formatDuration(1)).toBe('1 month');
    expect(formatDuration(8)).toBe('8 months');
    expect(formatDuration(12)).toBe('1 year');
    expect(formatDuration(22)).toBe('1 year 10 months');
    expect(formatDuration(49)).toBe('4 years 1 month');
  });

  it('make a sentence with the saving they assume', () => {
    expect(monthsSentence(8, 3, 500)).toBe('About 8 months to 3 months of expenses at $500.00 a month.');
    expect(monthsSentence(46, 6, 1250.5)).toBe('About 3 years 10 months to 6 months of expenses at $1,250.50 a month.');
  });

  it('say a target is reached, or what to change when it never is', () => {
    expect(monthsSentence(0, 6, 500)).toBe('You have reached 6 months of expenses.');
    expect(monthsSentence(null, 3, 0)).toBe(
      'At $0.00 a month you do not reach 3 months of expenses — add a monthly saving to see when.',
    );
  });
});

describe('the figures around the plan', () => {
  it('say where the expenses come from', () => {
    expect(expensesSentence({ expenses_source: 'income', monthly_expenses: dollarsOf(4000) })).toMatch(
      /^Your targets use your monthly income of \$4,000\.00, because you have no budget yet\./,
    );
    expect(expensesSentence({ expenses_source: 'budget', monthly_expenses: dollarsOf(3120.4) })).toBe(
      'Your targets use the monthly expenses in your budget: $3,120.40.',
    );
  });

  it('name an entry in words', () => {
    expect(entryLabel({ kind: 'withdrawal', amount: dollarsOf(75), date: '2026-03-05' })).toBe(
      'withdrawal of $75.00 on Mar 5, 2026',
    );
  });
});

describe('the toast after an entry', () => {
  it("is the server's message when no milestone was reached", () => {
    expect(entryToastText('Deposit recorded', 'Deposit', 0, 0)).toBe('Deposit recorded');
    expect(entryToastText(undefined, 'Withdrawal recorded', 50, 50)).toBe('Withdrawal recorded');
  });

  it('adds the milestone the entry reached', () => {
    expect(entryToastText('Deposit recorded', 'Deposit', 0, 25)).toBe(
      'Deposit recorded. You reached 25 % of your 3-month target!',
    );
    expect(entryToastText('Deposit recorded', 'Deposit', 75, 100)).toBe(
      'Deposit recorded. You reached your 3-month target!',
    );
  });
});

describe("the edit's 'No'", () => {
  it('warns only when the fund holds money, saying how much', () => {
    expect(clearsBalanceWarning(0)).toBeUndefined();
    expect(clearsBalanceWarning(3000)).toBe('Saving with No sets your fund to $0.00 (it holds $3,000.00 now).');
  });
});
