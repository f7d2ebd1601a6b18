import type { Nest } from '@helo/contract/nest';
import { describe, expect, it } from 'vitest';
import { allocationBodyOf, checkRows, previewSplit, type RuleRow } from './rule-rows.ts';

const rule = (r: Partial<Nest['rules'][number]>): Nest['rules'][number] => ({
  id: 'r',
  bucket: 'wallet',
  target_id: null,
  target_name: null,
  kind: 'percent',
  value: 0,
  ...r,
});

const RULES = [
  rule({ bucket: 'emergency_fund', kind: 'percent', value: 20 }),
  rule({ bucket: 'goal', target_id: 'g1', target_name: 'Lisbon trip', kind: 'fixed', value: 300 }),
];

const row = (r: Partial<RuleRow>): RuleRow => ({ key: 'k', target: 'wallet', kind: 'percent', value: '', ...r });

describe('previewSplit', () => {
  it('takes the fixed amounts first, then the percentages of what is left; the Wallet gets the rest', () => {
    expect(previewSplit(RULES, '2500')).toEqual([
      { name: 'Emergency fund', cents: 44_000 },
      { name: 'Lisbon trip', cents: 30_000 },
      { name: 'Wallet (the rest)', cents: 176_000 },
    ]);
  });

  it('caps a fixed amount at the deposit and gives every cent to some bucket', () => {
    const shares = previewSplit(RULES, '100.01');
    expect(shares?.map((s) => s.cents)).toEqual([0, 10_001, 0]);
  });

  it('shows nothing until the amount is a sum of money', () => {
    for (const amount of ['', '0', '-5', 'abc', '0.001']) expect(previewSplit(RULES, amount)).toBeNull();
  });
});

describe('the rules form', () => {
  it('sends the bucket and its target apart, and the value as a number', () => {
    expect(
      allocationBodyOf([row({ target: 'goal:g1', kind: 'fixed', value: '1300.50' }), row({ value: '12.5' })], 4),
    ).toEqual({
      rules: [
        { bucket: 'goal', target_id: 'g1', kind: 'fixed', value: 1300.5 },
        { bucket: 'wallet', kind: 'percent', value: 12.5 },
      ],
      version: 4,
    });
  });

  it('names each bad row at its field and a percent sum above 100 % at the rules', () => {
    const errors = checkRows(
      [
        row({ target: '', value: '10' }),
        row({ target: 'loans', value: '' }),
        row({ target: 'emergency_fund', value: '95' }),
      ],
      1,
    );
    expect(errors['rules.0.bucket']).toBe('Choose a bucket');
    expect(errors['rules.1.value']).toBe('Value is required');
    expect(errors.rules).toMatch(/100/);
    expect(checkRows([row({ target: 'loans', value: '40' })], 1)).toEqual({});
  });

  it('says "Check this amount" for a fixed amount that is not one, and reads a percent sign (issue 25)', () => {
    expect(checkRows([row({ kind: 'fixed', value: '12,34.5' })], 1)['rules.0.value']).toBe('Check this amount');
    expect(allocationBodyOf([row({ kind: 'percent', value: '12 %' })], 1).rules[0]?.value).toBe(12);
    expect(allocationBodyOf([row({ kind: 'fixed', value: '1234.5' })], 1).rules[0]?.value).toBe(1234.5);
  });
});
