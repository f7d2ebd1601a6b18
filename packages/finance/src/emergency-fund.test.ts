import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emergencyFundPlan } from './emergency-fund.ts';

describe('emergencyFundPlan: worked examples', () => {
  it('without interest: $0 saved, $1,000 of expenses, $500 a month', () => {
    // Targets 3 × $1,000 = $3,000 and 6 × $1,000 = $6,000; $3,000 ÷ $500 = 6 months, $6,000 ÷ $500 = 12.
    expect(emergencyFundPlan({ savedCents: 0, monthlyExpensesCents: 100_000, monthlySavingCents: 50_000 })).toEqual({
      targetLowCents: 300_000,
      targetHighCents: 600_000,
      progressPercent: 0,
      monthsToLow: 6,
      monthsToHigh: 12,
    });
  });

  it('rounds the months up: $2,950 short at $500 a month is 6 months, not 5.9', () => {
    const plan = emergencyFundPlan({ savedCents: 5_000, monthlyExpensesCents: 100_000, monthlySavingCents: 50_000 });
    expect(plan.monthsToLow).toBe(6);
    expect(plan.monthsToHigh).toBe(12); // $5,950 ÷ $500 = 11.9
  });

  it('progress is saved ÷ the 3-month target, two decimals half-up', () => {
    // $1,000 of $4,500 = 22.222… % → 22.22; $3,000 of $4,500 = 66.666… % → 66.67.
    const at = (savedCents: number) =>
      emergencyFundPlan({ savedCents, monthlyExpensesCents: 150_000, monthlySavingCents: 0 }).progressPercent;
    expect(at(100_000)).toBe(22.22);
    expect(at(300_000)).toBe(66.67);
    // $1 of $4,500 = 0.0222… % → 0.02, $0.01 → 0.000222… % → 0.
    expect(at(100)).toBe(0.02);
    expect(at(1)).toBe(0);
  });

  it('caps progress at 100 and needs 0 months once a target is reached', () => {
    const plan = emergencyFundPlan({ savedCents: 450_000, monthlyExpensesCents: 100_000, monthlySavingCents: 0 });
    expect(plan.progressPercent).toBe(100);
    expect(plan.monthsToLow).toBe(0); // $4,500 ≥ $3,000
    expect(plan.monthsToHigh).toBeNull(); // $1,500 short, nothing saved and no interest
  });

  it('with 12 % APY the interest comes first each month, then the saving', () => {
    // Monthly rate 1.12^(1/12) − 1 = 0.0094887929…; $1,000 saved, $100 a month, target 3 × $477 = $1,431.
    // Month 1: $1,000.00 × r = 9.48879 → $9.49; + $100 → $1,109.49
    // Month 2: $1,109.49 × r = 10.5277 → $10.53; + $100 → $1,220.02
    // Month 3: $1,220.02 × r = 11.5765 → $11.58; + $100 → $1,331.60
    // Month 4: $1,331.60 × r = 12.6353 → $12.64; + $100 → $1,444.24 ≥ $1,431 → 4 months.
    // Without interest it is $431 ÷ $100 → 5 months.
    const input = { savedCents: 100_000, monthlyExpensesCents: 47_700, monthlySavingCents: 10_000 };
    expect(emergencyFundPlan({ ...input, apyPercent: 12 }).monthsToLow).toBe(4);
    expect(emergencyFundPlan(input).monthsToLow).toBe(5);
  });

  it('interest alone gets there when something is saved already', () => {
    // $1,000 at 5 % APY with no saving grows past 3 × $400 = $1,200 in month 45 (1.05^3.75 = 1.2005).
    const plan = emergencyFundPlan({
      savedCents: 100_000,
      monthlyExpensesCents: 40_000,
      monthlySavingCents: 0,
      apyPercent: 5,
    });
    expect(plan.monthsToLow).toBe(45);
  });

  it('never gets there with no saving and no interest, or interest that rounds to no cent', () => {
    const none = emergencyFundPlan({ savedCents: 10_000, monthlyExpensesCents: 100_000, monthlySavingCents: 0 });
    expect([none.monthsToLow, none.monthsToHigh]).toEqual([null, null]);
    // 1 cent at 5 % APY earns 0.004 cents a month, which rounds to nothing, every month.
    const cent = emergencyFundPlan({ savedCents: 1, monthlyExpensesCents: 100, monthlySavingCents: 0, apyPercent: 5 });
    expect(cent.monthsToLow).toBeNull();
  });

  it('no expenses means the cushion is complete', () => {
    expect(emergencyFundPlan({ savedCents: 0, monthlyExpensesCents: 0, monthlySavingCents: 0 })).toEqual({
      targetLowCents: 0,
      targetHighCents: 0,
      progressPercent: 100,
      monthsToLow: 0,
      monthsToHigh: 0,
    });
  });

  it('answers at once for a cent a month towards a large target', () => {
    // $10,000,000 of expenses → $30,000,000 = 3,000,000,000 cents, one cent a month, no interest.
    const plan = emergencyFundPlan({ savedCents: 0, monthlyExpensesCents: 1_000_000_000, monthlySavingCents: 1 });
    expect(plan.monthsToLow).toBe(3_000_000_000);
  });

  it('refuses inputs that are not whole cents or a savings rate', () => {
    const ok = { savedCents: 0, monthlyExpensesCents: 100, monthlySavingCents: 100 };
    expect(() => emergencyFundPlan({ ...ok, savedCents: -1 })).toThrow(RangeError);
    expect(() => emergencyFundPlan({ ...ok, monthlySavingCents: 0.5 })).toThrow(RangeError);
    expect(() => emergencyFundPlan({ ...ok, apyPercent: -1 })).toThrow(RangeError);
    expect(() => emergencyFundPlan({ ...ok, apyPercent: 101 })).toThrow(RangeError);
  });
});

/** The definition, month by month, for small inputs: the fast path must agree with it. */
function monthsByDefinition(saved: number, target: number, saving: number, apy: number, limit: number) {
  const rate = (1 + apy / 100) ** (1 / 12) - 1;
  let balance = saved;
  for (let n = 0; n <= limit; n++) {
    if (balance >= target) return n;
    balance += Math.round(balance * rate) + saving;
  }
  return null;
}

describe('emergencyFundPlan: properties', () => {
  const input = fc.record({
    savedCents: fc.integer({ min: 0, max: 2_000_000 }),
    monthlyExpensesCents: fc.integer({ min: 0, max: 500_000 }),
    monthlySavingCents: fc.integer({ min: 1, max: 200_000 }),
    apyPercent: fc.constantFrom(0, 0.5, 2, 4.5, 12, 40),
  });

  it('the months agree with the month-by-month definition', () => {
    fc.assert(
      fc.property(input, (i) => {
        const plan = emergencyFundPlan(i);
        // With at least a cent saved a month, the high target is reached within 3,000,000 months.
        const limit = 3_000_001;
        expect(plan.monthsToLow).toBe(
          monthsByDefinition(i.savedCents, plan.targetLowCents, i.monthlySavingCents, i.apyPercent, limit),
        );
        expect(plan.monthsToHigh).toBe(
          monthsByDefinition(i.savedCents, plan.targetHighCents, i.monthlySavingCents, i.apyPercent, limit),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('saving more, or earning more, never takes longer', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 50_000 }), (i, more) => {
        const base = emergencyFundPlan(i);
        const faster = emergencyFundPlan({ ...i, monthlySavingCents: i.monthlySavingCents + more });
        const richer = emergencyFundPlan({ ...i, apyPercent: i.apyPercent + 1 });
        for (const other of [faster, richer]) {
          expect(other.monthsToLow ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(base.monthsToLow ?? Infinity);
          expect(other.monthsToHigh ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(base.monthsToHigh ?? Infinity);
        }
      }),
    );
  });

  it('the high target never comes before the low one, and progress stays within 0–100', () => {
    fc.assert(
      fc.property(input, (i) => {
        const plan = emergencyFundPlan(i);
        expect(plan.monthsToHigh ?? Infinity).toBeGreaterThanOrEqual(plan.monthsToLow ?? Infinity);
        expect(plan.progressPercent).toBeGreaterThanOrEqual(0);
        expect(plan.progressPercent).toBeLessThanOrEqual(100);
        expect(plan.progressPercent === 100).toBe(i.savedCents >= plan.targetLowCents);
      }),
    );
  });
});
