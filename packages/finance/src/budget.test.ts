import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUDGET_GROUPS, budgetSummary, overspent } from './budget.ts';
import { cents } from './cents.ts';

describe('budgetSummary: worked examples', () => {
  it('totals, surplus and each group in percent of income', () => {
    // Income $4,000.00. Needs $1,500 + $600 = $2,100 (52.5 %), wants $1,000 (25 %), savings $333.33
    // (8.33325 % → 8.33). Planned $3,433.33; surplus $4,000 − $3,433.33 = $566.67.
    const summary = budgetSummary({
      netIncomeCents: 400_000,
      categories: [
        { group: 'needs', plannedCents: 150_000 },
        { group: 'needs', plannedCents: 60_000 },
        { group: 'wants', plannedCents: 100_000 },
        { group: 'savings', plannedCents: 33_333 },
      ],
    });
    expect(summary).toEqual({
      plannedCents: 343_333,
      byGroup: { needs: 210_000, wants: 100_000, savings: 33_333 },
      surplusCents: 56_667,
      shareOfIncome: { needs: 52.5, wants: 25, savings: 8.33 },
      guideline: { needs: 200_000, wants: 120_000, savings: 80_000 },
    });
  });

  it('a shortfall is a negative surplus', () => {
    const summary = budgetSummary({ netIncomeCents: 100_000, categories: [{ group: 'needs', plannedCents: 125_050 }] });
    expect(summary.surplusCents).toBe(-25_050);
    expect(summary.shareOfIncome.needs).toBe(125.05);
  });

  it('no income: shares are 0 and the guideline is $0 each', () => {
    const summary = budgetSummary({ netIncomeCents: 0, categories: [{ group: 'wants', plannedCents: 5_000 }] });
    expect(summary.shareOfIncome).toEqual({ needs: 0, wants: 0, savings: 0 });
    expect(summary.guideline).toEqual({ needs: 0, wants: 0, savings: 0 });
    expect(summary.surplusCents).toBe(-5_000);
  });

  it('the guideline gives the odd cents to the largest fractional parts', () => {
    const guideline = (netIncomeCents: number) => budgetSummary({ netIncomeCents, categories: [] }).guideline;
    // $4,000.01: 200,000.5 / 120,000.3 / 80,000.2 → floors sum to 400,000; the cent goes to needs (.5).
    expect(guideline(400_001)).toEqual({ needs: 200_001, wants: 120_000, savings: 80_000 });
    // 3 cents: 1.5 / 0.9 / 0.6 → 1 / 0 / 0, two cents left: wants (.9), then savings (.6).
    expect(guideline(3)).toEqual({ needs: 1, wants: 1, savings: 1 });
    // 5 cents: 2.5 / 1.5 / 1.0 → needs and wants tie at .5; the one cent left goes to needs.
    expect(guideline(5)).toEqual({ needs: 3, wants: 1, savings: 1 });
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => budgetSummary({ netIncomeCents: -1, categories: [] })).toThrow(RangeError);
    expect(() => budgetSummary({ netIncomeCents: 100, categories: [{ group: 'needs', plannedCents: 1.5 }] })).toThrow(
      RangeError,
    );
  });
});

describe('budgetSummary: properties', () => {
  const input = fc.record({
    netIncomeCents: fc.integer({ min: 0, max: 1_000_000_000_000 }),
    categories: fc.array(
      fc.record({
        group: fc.constantFrom(...BUDGET_GROUPS),
        plannedCents: fc.integer({ min: 0, max: 10_000_000_000 }),
      }),
      { maxLength: 60 },
    ),
  });

  it('the guideline sums to the income, each share within a cent of its exact value', () => {
    fc.assert(
      fc.property(input, ({ netIncomeCents, categories }) => {
        const { guideline } = budgetSummary({ netIncomeCents, categories });
        expect(guideline.needs + guideline.wants + guideline.savings).toBe(netIncomeCents);
        expect(Math.abs(guideline.needs - netIncomeCents * 0.5)).toBeLessThan(1);
        expect(Math.abs(guideline.wants - netIncomeCents * 0.3)).toBeLessThan(1);
        expect(Math.abs(guideline.savings - netIncomeCents * 0.2)).toBeLessThan(1);
      }),
    );
  });

  it('the groups add up to the planned total, and income − planned is the surplus', () => {
    fc.assert(
      fc.property(input, ({ netIncomeCents, categories }) => {
        const s = budgetSummary({ netIncomeCents, categories });
        expect(s.byGroup.needs + s.byGroup.wants + s.byGroup.savings).toBe(s.plannedCents);
        expect(s.plannedCents).toBe(categories.reduce((sum, c) => sum + c.plannedCents, 0));
        expect(s.surplusCents).toBe(netIncomeCents - s.plannedCents);
      }),
    );
  });
});

describe('overspent', () => {
  it('is the amount past the plan, or null within it', () => {
    expect(overspent(cents(10_000), cents(12_550))).toBe(2_550);
    expect(overspent(cents(10_000), cents(10_000))).toBeNull();
    expect(overspent(cents(10_000), cents(9_999))).toBeNull();
    expect(overspent(cents(0), cents(1))).toBe(1);
  });
});
