import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CategoryFlows, spendingByCategory } from './spending.ts';

const UNCATEGORIZED = 'Uncategorized';

describe('spendingByCategory: worked examples', () => {
  it('a November: groceries with a refund, rent, a salary and a coffee uncategorized, a name the budget dropped', () => {
    // Groceries: $120.50 + $60 out, a $20.25 refund in → spent $160.25 of $400 planned.
    // Rent: $1,500 out of $1,500. Fun: nothing yet. Uncategorized: $4.75 out (coffee), $2,000 in
    // (salary) → spent $4.75, income $2,000. 'Gym' is not in the budget: $35 out.
    const month = spendingByCategory({
      budget: [
        { name: 'Rent', plannedCents: 150_000 },
        { name: 'Groceries', plannedCents: 40_000 },
        { name: 'Fun', plannedCents: 10_000 },
      ],
      flows: [
        { name: 'Groceries', outCents: 18_050, inCents: 2_025 },
        { name: 'Uncategorized', outCents: 475, inCents: 200_000 },
        { name: 'Gym', outCents: 3_500, inCents: 0 },
        { name: 'Rent', outCents: 150_000, inCents: 0 },
      ],
      uncategorized: UNCATEGORIZED,
    });
    expect(month).toEqual({
      categories: [
        { name: 'Rent', plannedCents: 150_000, spentCents: 150_000 },
        { name: 'Groceries', plannedCents: 40_000, spentCents: 16_025 },
        { name: 'Fun', plannedCents: 10_000, spentCents: 0 },
        { name: 'Uncategorized', plannedCents: null, spentCents: 475 },
        { name: 'Gym', plannedCents: null, spentCents: 3_500 },
      ],
      totalPlannedCents: 200_000,
      totalSpentCents: 170_000,
      incomeCents: 200_000,
    });
  });

  it('a month without a budget: Uncategorized first, then the other names alphabetically in any case', () => {
    const month = spendingByCategory({
      budget: [],
      flows: [
        { name: 'travel', outCents: 100, inCents: 0 },
        { name: 'Books', outCents: 250, inCents: 0 },
        { name: 'Travel', outCents: 50, inCents: 20 },
      ],
      uncategorized: UNCATEGORIZED,
    });
    // 'Travel' and 'travel' are one category, spelled as the first in order ('Travel' < 'travel').
    expect(month.categories).toEqual([
      { name: 'Uncategorized', plannedCents: null, spentCents: 0 },
      { name: 'Books', plannedCents: null, spentCents: 250 },
      { name: 'Travel', plannedCents: null, spentCents: 130 },
    ]);
    expect(month.totalPlannedCents).toBe(0);
    expect(month.totalSpentCents).toBe(380);
    expect(month.incomeCents).toBe(0);
  });

  it('names match the budget in any case and take its spelling; refunds above spending go below 0', () => {
    const month = spendingByCategory({
      budget: [{ name: 'Dining Out', plannedCents: 5_000 }],
      flows: [
        { name: 'dining out', outCents: 1_000, inCents: 0 },
        { name: 'DINING OUT', outCents: 0, inCents: 3_000 },
        { name: 'uncategorized', outCents: 0, inCents: 700 },
      ],
      uncategorized: UNCATEGORIZED,
    });
    expect(month.categories).toEqual([
      { name: 'Dining Out', plannedCents: 5_000, spentCents: -2_000 },
      { name: 'Uncategorized', plannedCents: null, spentCents: 0 },
    ]);
    expect(month.totalSpentCents).toBe(-2_000);
    expect(month.incomeCents).toBe(700);
  });

  it('a budget category named Uncategorized keeps its place and plan, and its money in is still income', () => {
    const month = spendingByCategory({
      budget: [
        { name: 'Rent', plannedCents: 1_000 },
        { name: 'uncategorized', plannedCents: 300 },
      ],
      flows: [{ name: 'Uncategorized', outCents: 200, inCents: 900 }],
      uncategorized: UNCATEGORIZED,
    });
    expect(month.categories).toEqual([
      { name: 'Rent', plannedCents: 1_000, spentCents: 0 },
      { name: 'uncategorized', plannedCents: 300, spentCents: 200 },
    ]);
    expect(month.incomeCents).toBe(900);
  });

  it('refuses sums that are not whole, non-negative cents', () => {
    const flow = (outCents: number, inCents: number) => ({ budget: [], flows: [{ name: 'X', outCents, inCents }] });
    expect(() => spendingByCategory({ ...flow(-1, 0), uncategorized: UNCATEGORIZED })).toThrow(RangeError);
    expect(() => spendingByCategory({ ...flow(0, 0.5), uncategorized: UNCATEGORIZED })).toThrow(RangeError);
    expect(() =>
      spendingByCategory({ budget: [{ name: 'A', plannedCents: -5 }], flows: [], uncategorized: UNCATEGORIZED }),
    ).toThrow(RangeError);
  });
});

describe('spendingByCategory: properties', () => {
  const name = fc.constantFrom('Rent', 'rent', 'Food', 'FOOD', 'Gym', 'Uncategorized', 'uncategorized', 'Zoo');
  const amount = fc.integer({ min: 0, max: 1_000_000_000 });
  const flows = fc.array(
    fc.record({ name, outCents: amount, inCents: amount }).map((f): CategoryFlows => f),
    { maxLength: 12 },
  );
  const budget = fc.uniqueArray(fc.record({ name: fc.constantFrom('Rent', 'Food', 'Travel'), plannedCents: amount }), {
    selector: (c) => c.name,
    maxLength: 3,
  });

  it('every cent is counted once: spent + income = money out − money in + 2 × uncategorized money in', () => {
    fc.assert(
      fc.property(budget, flows, (b, f) => {
        const month = spendingByCategory({ budget: b, flows: f, uncategorized: UNCATEGORIZED });
        const out = f.reduce((s, x) => s + x.outCents, 0);
        const inn = f.reduce((s, x) => s + x.inCents, 0);
        const uncategorizedIn = f
          .filter((x) => x.name.toLowerCase() === 'uncategorized')
          .reduce((s, x) => s + x.inCents, 0);
        expect(month.incomeCents).toBe(uncategorizedIn);
        expect(month.totalSpentCents).toBe(out - inn + uncategorizedIn);
        expect(month.categories.reduce((s, c) => s + c.spentCents, 0)).toBe(month.totalSpentCents);
        expect(month.totalPlannedCents).toBe(b.reduce((s, c) => s + c.plannedCents, 0));
      }),
    );
  });

  it('the budget comes first in its order, each name once in any case, Uncategorized always there', () => {
    fc.assert(
      fc.property(budget, flows, (b, f) => {
        const month = spendingByCategory({ budget: b, flows: f, uncategorized: UNCATEGORIZED });
        const names = month.categories.map((c) => c.name);
        expect(names.slice(0, b.length)).toEqual(b.map((c) => c.name));
        expect(names[b.length]).toBe(UNCATEGORIZED);
        const lower = names.map((n) => n.toLowerCase());
        expect(new Set(lower).size).toBe(lower.length);
        const others = lower.slice(b.length + 1);
        expect(others).toEqual([...others].sort());
        for (const flow of f) expect(lower).toContain(flow.name.toLowerCase());
      }),
    );
  });

  it('the order of the flows does not change the answer', () => {
    fc.assert(
      fc.property(budget, flows, (b, f) => {
        const forward = spendingByCategory({ budget: b, flows: f, uncategorized: UNCATEGORIZED });
        const backward = spendingByCategory({ budget: b, flows: [...f].reverse(), uncategorized: UNCATEGORIZED });
        expect(backward).toEqual(forward);
      }),
    );
  });
});
