import { BUDGET_PRESETS } from '@helo/contract/budgets';
import { describe, expect, it } from 'vitest';
import { surplusText } from './budget-format.ts';
import { budgetForm, createBodyOf, overspentCents, presetValues } from './budget-values.ts';

describe('presetValues', () => {
  it('lists the preset categories with debt payments filled in from the loans', () => {
    const values = presetValues(812.5);
    expect(values.categories.map((c) => c.name)).toEqual(BUDGET_PRESETS.map((p) => p.name));
    expect(values.categories.find((c) => c.preset === 'debt_payments')?.planned).toBe('812.5');
    expect(values.categories.filter((c) => c.planned !== '')).toHaveLength(1);
  });
  it('leaves debt payments empty without loans', () => {
    expect(presetValues(0).categories.every((c) => c.planned === '')).toBe(true);
  });
});

describe('budgetForm', () => {
  const row = (name: string, planned: string) => ({ name, group: 'needs' as const, planned, preset: null });
  it('puts the contract messages on their fields', () => {
    const paths = (values: unknown) => budgetForm.safeParse(values).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ net_income: '', categories: [row('Rent', '10'), row('Food', '')] })).toEqual(['net_income']);
    expect(paths({ net_income: '100', categories: [row('Rent', '10'), row('rent', '5')] })).toEqual([
      'categories.1.name',
    ]);
  });
  it('turns the typed text into the body the API takes, an empty category being $0', () => {
    const values = { net_income: '4000', categories: [row('Rent', '1500.5'), row('Gym', '')] };
    expect(budgetForm.safeParse(values).success).toBe(true);
    expect(createBodyOf('2026-11', values)).toEqual({
      month: '2026-11',
      net_income: 4000,
      categories: [
        { name: 'Rent', group: 'needs', planned: 1500.5, preset: null },
        { name: 'Gym', group: 'needs', planned: 0, preset: null },
      ],
    });
  });
});

describe('surplusText', () => {
  it('says a surplus, a shortfall and an even plan in words', () => {
    expect(surplusText(250)).toBe('You plan $250.00 less than you earn');
    expect(surplusText(-1234.5)).toBe('You plan $1,234.50 more than you earn');
    expect(surplusText(0)).toBe('You plan every dollar you earn');
  });
});

describe('overspentCents', () => {
  it('says how far the spending is past the planned amount the row holds', () => {
    expect(overspentCents('400', 455.5)).toBe(5_550);
    expect(overspentCents('', 20)).toBe(2_000);
    expect(overspentCents('400', 400)).toBeNull();
    expect(overspentCents('400.', 399.99)).toBeNull();
  });

  it('says nothing while the planned amount is not an amount yet', () => {
    expect(overspentCents('abc', 10)).toBeNull();
    expect(overspentCents('1.234', 10)).toBeNull();
  });
});
