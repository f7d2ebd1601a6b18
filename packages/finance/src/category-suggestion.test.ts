import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorisedHistory, heldOutAccuracy } from '../bench/categorised-history.ts';
import { buildSuggestionModel, type CategorisedRow, payeeKey, suggestCategory } from './category-suggestion.ts';

const row = (payee: string, category: string, date: string, bankCategory?: string): CategorisedRow => ({
  payee,
  category,
  date,
  ...(bankCategory ? { bankCategory } : {}),
});

describe('category suggestions', () => {
  it("files a noisy Trader Joe's row where the cleaned name usually went", () => {
    const model = buildSuggestionModel([
      row("Trader Joe's", 'Groceries', '2026-10-01'),
      row('TRADER JOE S #552 SAN FRANCISCO CA', 'Groceries', '2026-10-08'),
      row('TRADER JOE S #101 OAKLAND CA', 'Dining out', '2026-10-09'),
    ]);
    expect(payeeKey('CARD PURCHASE 11/03 TRADER JOE S #552 SAN FRANCISCO CA CARD 1234')).toBe("trader joe's");
    expect(suggestCategory(model, { payee: 'CARD PURCHASE 11/03 TRADER JOE S #9 BERKELEY CA CARD 1234' })).toBe(
      'Groceries',
    );
  });

  it('breaks a tie by the most recent category', () => {
    const model = buildSuggestionModel([
      row('TARGET T-1234 OAKLAND CA', 'Household', '2026-09-01'),
      row('TARGET T-1234 OAKLAND CA', 'Groceries', '2026-10-01'),
    ]);
    expect(suggestCategory(model, { payee: 'TARGET #88 AUSTIN TX' })).toBe('Groceries');
  });

  it("maps the bank's category when the payee is new, else votes by the payee's words", () => {
    const model = buildSuggestionModel([
      row('SQ *BLUE BOTTLE COFFEE OAKLAND CA', 'Dining out', '2026-10-01', 'Restaurants'),
      row('SQ *BLUE BOTTLE COFFEE OAKLAND CA', 'Dining out', '2026-10-02', 'Restaurants'),
      row('SAFEWAY #1234 OAKLAND CA', 'Groceries', '2026-10-03', 'Groceries'),
    ]);
    expect(suggestCategory(model, { payee: 'LUCKY BAGELS', bankCategory: 'restaurants' })).toBe('Dining out');
    expect(suggestCategory(model, { payee: 'BOTTLE SHOP SEATTLE WA' })).toBe('Dining out');
    expect(suggestCategory(model, { payee: 'ACME WIDGETS' })).toBeNull();
    expect(suggestCategory(buildSuggestionModel([]), { payee: 'SAFEWAY' })).toBeNull();
  });

  it("remembers the bank category's mapping per account: one card's Shopping is groceries, another's clothes", () => {
    const at = (payee: string, category: string, accountId: string): CategorisedRow => ({
      payee,
      category,
      date: '2026-10-01',
      bankCategory: 'Shopping',
      accountId,
      count: 3,
    });
    const model = buildSuggestionModel([
      at('WHOLE FOODS #10', 'Groceries', 'card-a'),
      at('UNIQLO SOHO', 'Clothes', 'card-b'),
      at('H AND M 44', 'Clothes', 'card-b'),
    ]);
    expect(suggestCategory(model, { payee: 'NEW STORE', bankCategory: 'shopping', accountId: 'card-a' })).toBe(
      'Groceries',
    );
    expect(suggestCategory(model, { payee: 'NEW STORE', bankCategory: 'shopping', accountId: 'card-b' })).toBe(
      'Clothes',
    );
    // An account with no history of it: the mapping across all the user's accounts (Clothes, 6 to 3).
    expect(suggestCategory(model, { payee: 'NEW STORE', bankCategory: 'shopping', accountId: 'card-c' })).toBe(
      'Clothes',
    );
  });

  it('property: a payee always filed under one category is suggested that category', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{3,10}( [A-Z]{3,10})?$/),
        fc.constantFrom('Groceries', 'Rent', 'Fun'),
        fc.array(fc.string({ maxLength: 20 }), { maxLength: 10 }),
        (payee, category, others) => {
          const history = [
            row(payee, category, '2026-10-01'),
            ...others.filter((o) => payeeKey(o) !== payeeKey(payee)).map((o) => row(o, 'Other', '2026-10-02')),
          ];
          return suggestCategory(buildSuggestionModel(history), { payee }) === category;
        },
      ),
    );
  });

  it('property: the suggestion is always one of the categories in the history, or none', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ payee: fc.string({ maxLength: 24 }), category: fc.constantFrom('A', 'B', 'C') })),
        fc.string({ maxLength: 24 }),
        (rows, payee) => {
          const suggestion = suggestCategory(
            buildSuggestionModel(rows.map((r) => row(r.payee, r.category, '2026-10-01'))),
            { payee },
          );
          return suggestion === null || rows.some((r) => r.category === suggestion);
        },
      ),
    );
  });

  it('is right on at least 85 % of the held-out fifth of a generated 1,200-row history', () => {
    const rows = categorisedHistory(1_200, 29);
    expect(rows.length).toBeGreaterThanOrEqual(1_000);
    // The generator's noise is real: several shapes per merchant, none of them cleaned to the same string.
    expect(new Set(rows.map((r) => r.payee)).size).toBeGreaterThan(200);
    const { accuracy, total } = heldOutAccuracy(rows);
    expect(total).toBe(240);
    expect(accuracy).toBeGreaterThanOrEqual(0.85);
  });
});

describe('a tallied history', () => {
  it('counts a row of count n as n rows', () => {
    const tallied = buildSuggestionModel([
      { payee: 'SAFEWAY #1 OAKLAND CA', category: 'Groceries', date: '2026-10-01', count: 3 },
      { payee: 'SAFEWAY #2 OAKLAND CA', category: 'Household', date: '2026-10-05', count: 2 },
    ]);
    expect(suggestCategory(tallied, { payee: 'SAFEWAY' })).toBe('Groceries');
  });
});
