import { rule as ruleSchema, type WalletRule } from '@helo/contract/rules';
import { describe, expect, it } from 'vitest';
import {
  blankAction,
  blankRule,
  percentLine,
  previewBodyOf,
  ruleBodyOf,
  ruleForm,
  rulePathOf,
  ruleSummary,
  ruleValuesOf,
} from './rule-values.ts';

const saved: WalletRule = ruleSchema.parse({
  id: 'r1',
  name: 'Groceries',
  position: 1,
  conditions: [
    { field: 'payee', op: 'starts_with', value: 'trader' },
    { field: 'amount', op: 'between', min: 10, max: 50.5 },
    { field: 'amount', op: 'money_out' },
    { field: 'account', op: 'is', account_id: 'acc-1' },
  ],
  actions: [
    { type: 'set_category', category: 'Groceries' },
    { type: 'add_tag', tag: 'food' },
  ],
  version: 1,
  created_at: '2026-11-21T12:00:00.000Z',
  updated_at: '2026-11-21T12:00:00.000Z',
});

const savedRule = (actions: unknown[]): WalletRule =>
  ruleSchema.parse({ ...saved, conditions: [{ field: 'payee', op: 'contains', value: 'COSTCO' }], actions });

describe('the rule form', () => {
  it('reads a saved rule into its rows and makes the same body of them', () => {
    const values = ruleValuesOf(saved);
    expect(values.conditions.map((c) => c.kind)).toEqual([
      'payee_starts_with',
      'amount_between',
      'money_out',
      'account_is',
    ]);
    expect(ruleBodyOf(ruleForm.parse(values))).toEqual({
      name: saved.name,
      conditions: saved.conditions,
      actions: saved.actions,
    });
  });

  it('previews only a complete rule', () => {
    expect(previewBodyOf(blankRule())).toBeUndefined();
    const filled = blankRule();
    filled.conditions[0] = { kind: 'payee_contains', value: 'joe', value2: '' };
    filled.actions[0] = { ...blankAction(), value: 'Groceries' };
    expect(previewBodyOf(filled)).toEqual({
      conditions: [{ field: 'payee', op: 'contains', value: 'joe' }],
      actions: [{ type: 'set_category', category: 'Groceries' }],
    });
  });

  it('says a rule in words', () => {
    expect(ruleSummary(saved, () => 'Checking')).toBe(
      'When payee starts with “trader” and amount between $10 and $50.5 and money out and in Checking: file under Groceries, tag “food”',
    );
  });

  it('reads a split by percentages into its rows and makes the same body of them', () => {
    const rule = savedRule([
      {
        type: 'split',
        by: 'percentages',
        parts: [
          { category: 'Groceries', percent: 70 },
          { category: 'Household', percent: 30 },
        ],
      },
      { type: 'add_tag', tag: 'bulk' },
    ]);
    const values = ruleValuesOf(rule);
    expect(values.actions[0]).toEqual({
      kind: 'split',
      value: '',
      by: 'percentages',
      parts: [
        { category: 'Groceries', amount: '', percent: '70' },
        { category: 'Household', amount: '', percent: '30' },
      ],
      rest_category: '',
    });
    expect(ruleBodyOf(ruleForm.parse(values)).actions).toEqual(rule.actions);
    expect(ruleSummary(rule, () => '')).toBe(
      'When payee contains “COSTCO”: split 70 % Groceries / 30 % Household, tag “bulk”',
    );
  });

  it('reads a split by amounts, with the category of the rest, and makes the same body of it', () => {
    const rule = savedRule([
      {
        type: 'split',
        by: 'amounts',
        parts: [{ category: 'Household', amount: 12.5 }],
        rest_category: 'Groceries',
      },
    ]);
    const values = ruleValuesOf(rule);
    expect(values.actions[0]?.parts).toEqual([{ category: 'Household', amount: '12.5', percent: '' }]);
    expect(values.actions[0]?.rest_category).toBe('Groceries');
    expect(ruleBodyOf(ruleForm.parse(values)).actions).toEqual(rule.actions);
  });

  it('says what the percentages lack, and refuses a split that does not add up or lacks the rest', () => {
    const part = (percent: string) => ({ category: 'Groceries', amount: '', percent });
    expect(percentLine([part('70'), part('30')])).toBe('Adds up to 100 %');
    expect(percentLine([part('70'), part('')])).toBe('30 % left');
    expect(percentLine([part('62.5'), part('50')])).toBe('12.5 % over 100 %');
    expect(percentLine([part('seventy')])).toBe('Check the percentages: each is a number');

    const values = blankRule();
    values.name = 'Costco';
    values.conditions[0] = { kind: 'payee_contains', value: 'COSTCO', value2: '' };
    values.actions[0] = { ...blankAction('split'), parts: [part('70'), part('20')] };
    const short = ruleForm.safeParse(values);
    expect(short.success).toBe(false);
    expect(short.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['actions.0.parts', 'The percentages must add up to 100'],
    ]);
    values.actions[0] = { ...blankAction('split'), by: 'amounts', parts: [{ category: '', amount: '0', percent: '' }] };
    const amounts = ruleForm.safeParse(values);
    expect(amounts.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'actions.0.parts.0.category',
      'actions.0.parts.0.amount',
      'actions.0.rest_category',
    ]);
    expect(previewBodyOf(values)).toBeUndefined();
  });

  it("puts the server's errors on the fields that show them", () => {
    expect(rulePathOf('actions.1.parts')).toBe('actions.1.parts');
    expect(rulePathOf('actions.1.parts.0.category')).toBe('actions.1.parts.0.category');
    expect(rulePathOf('actions.0.rest_category')).toBe('actions.0.rest_category');
    expect(rulePathOf('actions.0.category')).toBe('actions.0.value');
    expect(rulePathOf('actions.2.type')).toBe('actions.2.kind');
    expect(rulePathOf('conditions.0.max')).toBe('conditions.0.value2');
    expect(rulePathOf('conditions.0.account_id')).toBe('conditions.0.value');
    expect(rulePathOf('name')).toBe('name');
    expect(rulePathOf('actions')).toBeUndefined();
    expect(rulePathOf('actions.0.parts.0.nonsense')).toBeUndefined();
  });
});
