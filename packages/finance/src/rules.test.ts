import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules, type Rule, type RuleSubject, runRules, splitLines } from './rules.ts';

const CHECKING = 'acc-checking';
const SAVINGS = 'acc-savings';

const row = (over: Partial<RuleSubject> = {}): RuleSubject => ({
  payee: "Trader Joe's",
  originalDescription: 'TRADER JOE S #552 SAN FRANCISCO CA',
  amountCents: -4_250,
  accountId: CHECKING,
  bankCategory: 'Groceries & Food',
  ...over,
});

const run = (rules: Rule[], subject: RuleSubject) => runRules(compileRules(rules), subject);
const fileUnder = (id: string, category: string, conditions: Rule['conditions']): Rule => ({
  id,
  conditions,
  actions: [{ type: 'set_category', category }],
});

describe('conditions', () => {
  // Each condition, once where it holds and once where it does not.
  const cases: [string, Rule['conditions'][number], RuleSubject, boolean][] = [
    ['payee contains, any case', { field: 'payee', op: 'contains', value: 'JOE' }, row(), true],
    ['payee contains', { field: 'payee', op: 'contains', value: 'safeway' }, row(), false],
    ['payee starts with', { field: 'payee', op: 'starts_with', value: 'trader' }, row(), true],
    ['payee starts with (inside only)', { field: 'payee', op: 'starts_with', value: 'joe' }, row(), false],
    ['payee equals, any case', { field: 'payee', op: 'equals', value: "TRADER JOE'S" }, row(), true],
    ['payee equals (a piece is not equal)', { field: 'payee', op: 'equals', value: 'Trader' }, row(), false],
    ['bank text contains', { field: 'original_description', op: 'contains', value: '#552' }, row(), true],
    ['bank text is not the payee', { field: 'original_description', op: 'contains', value: "joe's" }, row(), false],
    [
      'bank text equals',
      { field: 'original_description', op: 'equals', value: 'trader joe s #552 san francisco ca' },
      row(),
      true,
    ],
    ['amount equals (its size)', { field: 'amount', op: 'equals', cents: 4_250 }, row(), true],
    ['amount equals', { field: 'amount', op: 'equals', cents: 4_251 }, row(), false],
    ['amount between, low end', { field: 'amount', op: 'between', minCents: 4_250, maxCents: 5_000 }, row(), true],
    ['amount between, high end', { field: 'amount', op: 'between', minCents: 1_000, maxCents: 4_250 }, row(), true],
    ['amount between, outside', { field: 'amount', op: 'between', minCents: 4_251, maxCents: 5_000 }, row(), false],
    ['money out', { field: 'amount', op: 'money_out' }, row(), true],
    ['money in', { field: 'amount', op: 'money_in' }, row(), false],
    ['money in (a refund)', { field: 'amount', op: 'money_in' }, row({ amountCents: 1_000 }), true],
    ['account is', { field: 'account', op: 'is', accountId: CHECKING }, row(), true],
    ['account is another', { field: 'account', op: 'is', accountId: SAVINGS }, row(), false],
    ['bank category, any case', { field: 'bank_category', op: 'equals', value: 'groceries & food' }, row(), true],
    [
      'no bank category',
      { field: 'bank_category', op: 'equals', value: 'Groceries' },
      row({ bankCategory: null }),
      false,
    ],
  ];
  it.each(cases)('%s', (_name, condition, subject, holds) => {
    const outcome = run([fileUnder('r', 'Groceries', [condition])], subject);
    expect(outcome.category).toBe(holds ? 'Groceries' : undefined);
  });

  it('needs every condition of a rule to hold', () => {
    const rule = fileUnder('r', 'Groceries', [
      { field: 'payee', op: 'contains', value: 'trader' },
      { field: 'amount', op: 'money_in' },
    ]);
    expect(run([rule], row()).category).toBeUndefined();
    expect(run([rule], row({ amountCents: 500 })).category).toBe('Groceries');
  });
});

describe('actions and their order', () => {
  it('the first matching rule with a category decides it; a later one still renames and tags', () => {
    const rules: Rule[] = [
      fileUnder('groceries', 'Groceries', [{ field: 'payee', op: 'contains', value: 'trader' }]),
      {
        id: 'later',
        conditions: [{ field: 'original_description', op: 'contains', value: 'TRADER JOE' }],
        actions: [
          { type: 'set_category', category: 'Dining' },
          { type: 'rename_payee', payee: "Trader Joe's (SF)" },
          { type: 'add_tag', tag: 'food' },
        ],
      },
      {
        id: 'tags',
        conditions: [],
        actions: [
          { type: 'add_tag', tag: 'reviewed' },
          { type: 'add_tag', tag: 'food' },
        ],
      },
    ];
    expect(run(rules, row())).toEqual({
      category: 'Groceries',
      payee: "Trader Joe's (SF)",
      tags: ['food', 'reviewed'],
      ruleIds: ['groceries', 'later', 'tags'],
    });
  });

  it('a rule that matched but decided nothing new is not among those that changed the row', () => {
    const rules = [
      fileUnder('a', 'Groceries', []),
      fileUnder('b', 'Dining', [{ field: 'payee', op: 'contains', value: 'joe' }]),
    ];
    expect(run(rules, row()).ruleIds).toEqual(['a']);
  });

  it('marks a transfer to another account, never to the row’s own', () => {
    const rule: Rule = { id: 't', conditions: [], actions: [{ type: 'transfer', accountId: SAVINGS }] };
    expect(run([rule], row()).transferTo).toBe(SAVINGS);
    expect(run([rule], row({ accountId: SAVINGS })).transferTo).toBeUndefined();
  });

  it('splits $42.50 by percentages exactly: 1/3 each gives 14.17, 14.17, 14.16', () => {
    const rule: Rule = {
      id: 's',
      conditions: [],
      actions: [
        {
          type: 'split',
          by: 'percentages',
          parts: [
            { category: 'Groceries', basisPoints: 3_334 },
            { category: 'Household', basisPoints: 3_333 },
            { category: 'Pets', basisPoints: 3_333 },
          ],
        },
      ],
    };
    expect(run([rule], row()).split).toEqual([
      { category: 'Groceries', cents: 1_417 },
      { category: 'Household', cents: 1_417 },
      { category: 'Pets', cents: 1_416 },
    ]);
  });

  it('splits by amounts: $10 to Household, the rest to Groceries; a smaller row is left to later rules', () => {
    const byAmount: Rule = {
      id: 'costco',
      conditions: [],
      actions: [
        { type: 'split', by: 'amounts', parts: [{ category: 'Household', cents: 1_000 }], restCategory: 'Groceries' },
      ],
    };
    expect(run([byAmount], row()).split).toEqual([
      { category: 'Household', cents: 1_000 },
      { category: 'Groceries', cents: 3_250 },
    ]);
    const fallback: Rule = {
      id: 'half',
      conditions: [],
      actions: [
        {
          type: 'split',
          by: 'percentages',
          parts: [
            { category: 'A', basisPoints: 5_000 },
            { category: 'B', basisPoints: 5_000 },
          ],
        },
      ],
    };
    expect(run([byAmount, fallback], row({ amountCents: -900 })).split).toEqual([
      { category: 'A', cents: 450 },
      { category: 'B', cents: 450 },
    ]);
  });
});

describe('properties', () => {
  const condition = fc.oneof(
    fc.record({
      field: fc.constant('payee' as const),
      op: fc.constantFrom('contains' as const, 'starts_with' as const, 'equals' as const),
      value: fc.constantFrom('a', 'tr', 'joe', 'TRADER', 'x'),
    }),
    fc.record({
      field: fc.constant('amount' as const),
      op: fc.constantFrom('money_in' as const, 'money_out' as const),
    }),
    fc.tuple(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 5_000 })).map(([a, b]) => ({
      field: 'amount' as const,
      op: 'between' as const,
      minCents: Math.min(a, b),
      maxCents: Math.max(a, b),
    })),
  );
  const action = fc.oneof(
    fc.constantFrom('Groceries', 'Dining', 'Fun').map((category) => ({ type: 'set_category' as const, category })),
    fc.constantFrom('One', 'Two').map((payee) => ({ type: 'rename_payee' as const, payee })),
    fc.constantFrom('t1', 't2', 't3').map((tag) => ({ type: 'add_tag' as const, tag })),
  );
  const rules = fc.array(
    fc.record({
      conditions: fc.array(condition, { maxLength: 3 }),
      actions: fc.array(action, { minLength: 1, maxLength: 3 }),
    }),
    { maxLength: 12 },
  );
  const subject = fc.record({
    payee: fc.constantFrom("Trader Joe's", 'Safeway', 'xa', 'JOE'),
    originalDescription: fc.constant('TEXT'),
    amountCents: fc.integer({ min: -6_000, max: 6_000 }).filter((n) => n !== 0),
    accountId: fc.constant(CHECKING),
  });

  it('each single-valued action is the first matching rule’s; tags are every matching rule’s', () => {
    fc.assert(
      fc.property(rules, subject, (list, s) => {
        const withIds: Rule[] = list.map((r, i) => ({ id: `r${i}`, ...r }));
        const outcome = run(withIds, s);
        // A slow, obvious model of the same semantics.
        const holds = (r: Rule) => run([{ ...r, actions: [{ type: 'add_tag', tag: '§' }] }], s).tags.length > 0;
        const matching = withIds.filter(holds);
        const first = <T>(pick: (r: Rule) => T | undefined) => matching.map(pick).find((v) => v !== undefined);
        expect(outcome.category).toBe(first((r) => r.actions.find((a) => a.type === 'set_category')?.category));
        expect(outcome.payee).toBe(first((r) => r.actions.find((a) => a.type === 'rename_payee')?.payee));
        const tags = [
          ...new Set(matching.flatMap((r) => r.actions.flatMap((a) => (a.type === 'add_tag' ? [a.tag] : [])))),
        ];
        expect(outcome.tags).toEqual(tags);
      }),
    );
  });

  it('a rule with no conditions matches everything; no rules change nothing', () => {
    fc.assert(
      fc.property(subject, (s) => {
        expect(run([], s)).toEqual({ tags: [], ruleIds: [] });
        expect(run([fileUnder('all', 'Fun', [])], s).category).toBe('Fun');
      }),
    );
  });

  it('a split always adds up to the row', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (size, bp) => {
        const lines = splitLines(
          {
            type: 'split',
            by: 'percentages',
            parts: [
              { category: 'A', basisPoints: bp },
              { category: 'B', basisPoints: 10_000 - bp },
            ],
          },
          size,
        );
        expect((lines ?? []).reduce((a, l) => a + l.cents, 0)).toBe(size);
      }),
    );
  });
});
