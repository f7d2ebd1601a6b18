import { rule as ruleSchema, type WalletRule } from '@helo/contract/rules';
import { describe, expect, it } from 'vitest';
import { blankRule, previewBodyOf, ruleBodyOf, ruleForm, ruleSummary, ruleValuesOf } from './rule-values.ts';

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
    filled.actions[0] = { kind: 'set_category', value: 'Groceries' };
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
});
