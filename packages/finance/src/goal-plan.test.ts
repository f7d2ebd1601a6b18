import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goalBalances, goalPlan, goalPlanFits } from './goal-plan.ts';

describe('goalPlan: worked examples', () => {
  it('without interest: $1,200 in 12 months is $100 a month', () => {
    const plan = goalPlan({ targetCents: 120_000, savedCents: 0, months: 12, apyPercent: 0 });
    expect(plan.monthlyNeededCents).toBe(10_000);
    expect(plan.balances).toHaveLength(12);
    expect(plan.balances.at(-1)).toBe(120_000);
  });

  it('rounds the deposit up to the next cent: $1,000 in 3 months is $333.34', () => {
    const plan = goalPlan({ targetCents: 100_000, savedCents: 0, months: 3, apyPercent: 0 });
    expect(plan.monthlyNeededCents).toBe(33_334);
    expect(plan.balances).toEqual([33_334, 66_668, 100_002]);
  });

  it('with 5 % APY: $10,000 in 12 months is $814.83 a month', () => {
    // Monthly rate 1.05^(1/12) − 1 = 0.00407412…; interest first, then the deposit.
    // Month 1: $0 + $0.00 + $814.83 = $814.83. Month 2: $814.83 × r = 3.3197 → $3.32; + $814.83 →
    // $1,632.98. … Month 12 ends at $10,000.05; $814.82 a month would end at $9,999.93.
    const plan = goalPlan({ targetCents: 1_000_000, savedCents: 0, months: 12, apyPercent: 5 });
    expect(plan.monthlyNeededCents).toBe(81_483);
    expect(plan.balances.slice(0, 2)).toEqual([81_483, 163_298]);
    expect(plan.balances.at(-1)).toBe(1_000_005);
  });

  it('needs nothing when the target is reached, or when interest alone gets there', () => {
    expect(goalPlan({ targetCents: 50_000, savedCents: 50_000, months: 6, apyPercent: 0 }).monthlyNeededCents).toBe(0);
    // $1,000 at 5 % for 3 months: $1,004.07, $1,008.16, $1,012.27 ≥ $1,012.
    const interestOnly = goalPlan({ targetCents: 101_200, savedCents: 100_000, months: 3, apyPercent: 5 });
    expect(interestOnly).toEqual({ monthlyNeededCents: 0, balances: [100_407, 100_816, 101_227] });
  });

  it('refuses a plan with no month left for an unreached target, and inputs out of range', () => {
    expect(() => goalPlan({ targetCents: 100, savedCents: 0, months: 0, apyPercent: 0 })).toThrow(RangeError);
    expect(goalPlan({ targetCents: 100, savedCents: 100, months: 0, apyPercent: 0 })).toEqual({
      monthlyNeededCents: 0,
      balances: [],
    });
    expect(() => goalPlan({ targetCents: 100, savedCents: 0, months: 1201, apyPercent: 0 })).toThrow(RangeError);
    expect(() => goalPlan({ targetCents: 100, savedCents: 0, months: 12, apyPercent: -1 })).toThrow(RangeError);
    expect(() => goalPlan({ targetCents: 100.5, savedCents: 0, months: 12, apyPercent: 0 })).toThrow(RangeError);
  });
});

/** The definition for small inputs: the balance after `months` months at `deposit`. */
function finalBalance(saved: number, deposit: number, months: number, apy: number) {
  const rate = (1 + apy / 100) ** (1 / 12) - 1;
  let balance = saved;
  for (let m = 0; m < months; m++) balance += Math.round(balance * rate) + deposit;
  return balance;
}

describe('goalPlan: properties', () => {
  const input = fc.record({
    targetCents: fc.integer({ min: 0, max: 100_000_000 }),
    savedCents: fc.integer({ min: 0, max: 50_000_000 }),
    months: fc.constantFrom(1, 2, 12, 36, 60, 120),
    apyPercent: fc.constantFrom(0, 0.5, 4.25, 12),
  });

  it('the deposit reaches the target, and one cent less does not', () => {
    fc.assert(
      fc.property(input, (i) => {
        const { monthlyNeededCents: deposit, balances } = goalPlan(i);
        const end = finalBalance(i.savedCents, deposit, i.months, i.apyPercent);
        expect(balances.at(-1)).toBe(end);
        if (i.savedCents < i.targetCents) expect(end).toBeGreaterThanOrEqual(i.targetCents);
        if (deposit > 0) {
          expect(finalBalance(i.savedCents, deposit - 1, i.months, i.apyPercent)).toBeLessThan(i.targetCents);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('more time or more interest never asks for more each month', () => {
    fc.assert(
      fc.property(input, (i) => {
        const base = goalPlan(i).monthlyNeededCents;
        expect(goalPlan({ ...i, months: i.months + 12 }).monthlyNeededCents).toBeLessThanOrEqual(base);
        expect(goalPlan({ ...i, apyPercent: i.apyPercent + 1 }).monthlyNeededCents).toBeLessThanOrEqual(base);
      }),
    );
  });
});

describe('goalBalances: what a plan set earlier expects by now', () => {
  it('projects the same months as goalPlan: interest first, then the deposit', () => {
    expect(goalBalances({ savedCents: 0, monthlyCents: 81_483, months: 2, apyPercent: 5 })).toEqual([81_483, 163_298]);
    expect(goalBalances({ savedCents: 100_000, monthlyCents: 0, months: 3, apyPercent: 5 })).toEqual([
      100_407, 100_816, 101_227,
    ]);
    expect(goalBalances({ savedCents: 500, monthlyCents: 250, months: 2, apyPercent: 0 })).toEqual([750, 1000]);
    expect(goalBalances({ savedCents: 500, monthlyCents: 250, months: 0, apyPercent: 0 })).toEqual([]);
  });

  it("matches goalPlan's own projection at its deposit", () => {
    const plan = goalPlan({ targetCents: 2_000_000, savedCents: 12_345, months: 36, apyPercent: 4.25 });
    expect(
      goalBalances({ savedCents: 12_345, monthlyCents: plan.monthlyNeededCents, months: 36, apyPercent: 4.25 }),
    ).toEqual(plan.balances);
  });

  it('refuses inputs out of range', () => {
    expect(() => goalBalances({ savedCents: -1, monthlyCents: 0, months: 1, apyPercent: 0 })).toThrow(RangeError);
    expect(() => goalBalances({ savedCents: 0, monthlyCents: 0.5, months: 1, apyPercent: 0 })).toThrow(RangeError);
    expect(() => goalBalances({ savedCents: 0, monthlyCents: 0, months: 1201, apyPercent: 0 })).toThrow(RangeError);
    expect(() => goalBalances({ savedCents: 0, monthlyCents: 0, months: 1, apyPercent: 101 })).toThrow(RangeError);
  });
});

describe('goalPlanFits: a plan whose balances JavaScript can count exactly', () => {
  const max = 1_000_000_000_000; // $10 billion
  it.each([
    [12 * 12, 100, true],
    [13 * 12, 100, false],
    [85 * 12, 10, true],
    [90 * 12, 10, false],
    [1200, 5, true],
    [1200, 0, true],
  ])('%s months at %s %% → %s', (months, apyPercent, fits) => {
    expect(goalPlanFits({ maxCents: max, months, apyPercent })).toBe(fits);
  });

  it('the largest plan it accepts projects without overflowing, reached or not', () => {
    const months = 12 * 12;
    expect(goalPlanFits({ maxCents: max, months, apyPercent: 100 })).toBe(true);
    const reached = goalPlan({ targetCents: max, savedCents: max, months, apyPercent: 100 });
    expect(reached.balances.at(-1)).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    const almost = goalPlan({ targetCents: max, savedCents: max - 1, months, apyPercent: 100 });
    expect(almost.monthlyNeededCents).toBe(0);
    const fromZero = goalPlan({ targetCents: max, savedCents: 0, months, apyPercent: 100 });
    expect(fromZero.balances.at(-1)).toBeGreaterThanOrEqual(max);
    // Past the bound the projection itself would be refused.
    expect(() => goalPlan({ targetCents: max, savedCents: max, months: 1200, apyPercent: 100 })).toThrow(RangeError);
  });
});
