import { walletCategorySpending } from '@helo/contract/wallet';
import { describe, expect, it } from 'vitest';
import { spendingBar as barOf } from './spending-bars.ts';

// Parsed as the API client parses an answer, so the amounts are the contract's Dollars.
const spendingBar = (category: { name: string; planned: number | null; spent: number }) =>
  barOf(walletCategorySpending.parse(category));

describe("a category's spending bar", () => {
  it('fills as much of the plan as was spent and says both figures', () => {
    expect(spendingBar({ name: 'Groceries', planned: 400, spent: 100 })).toEqual({
      name: 'Groceries',
      fill: 25,
      over: false,
      left: 300,
      text: '$100.00 of $400.00',
    });
  });

  it('is full and says by how much when the plan is passed, to the cent', () => {
    expect(spendingBar({ name: 'Dining out', planned: 100.1, spent: 130.3 })).toEqual({
      name: 'Dining out',
      fill: 100,
      over: true,
      left: -30.2,
      text: '$130.30 of $100.10, $30.20 over',
    });
  });

  it('is empty when refunds exceed the spending, and full for spending with a $0 plan', () => {
    expect(spendingBar({ name: 'Gifts', planned: 50, spent: -10 })).toMatchObject({
      fill: 0,
      over: false,
      left: 60,
      text: '$10.00 refunded of $50.00',
    });
    expect(spendingBar({ name: 'Gym', planned: null, spent: -4 })).toMatchObject({
      fill: 0,
      text: '$4.00 refunded, no plan',
    });
    expect(spendingBar({ name: 'Gifts', planned: 0, spent: 5 })).toMatchObject({ fill: 100, over: true, left: -5 });
  });

  it('has no plan to fill for Uncategorized or a category the budget no longer has', () => {
    expect(spendingBar({ name: 'Uncategorized', planned: null, spent: 12.5 })).toEqual({
      name: 'Uncategorized',
      fill: 100,
      over: false,
      left: null,
      text: '$12.50 spent, no plan',
    });
    expect(spendingBar({ name: 'Gym', planned: null, spent: 0 })).toMatchObject({ fill: 0 });
  });
});
