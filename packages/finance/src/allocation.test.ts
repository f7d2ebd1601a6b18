import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AllocationRule, allocateDeposit } from './allocation.ts';

describe('allocateDeposit: worked examples', () => {
  it('the issue’s example: $2,500 with $300 fixed to a goal and 20 % to the emergency fund', () => {
    // Fixed first: $300 → R = $2,200. 20 % of $2,200 = $440. The Wallet gets $1,760.
    const split = allocateDeposit({
      amountCents: 250_000,
      rules: [
        { kind: 'percent', value: 20 },
        { kind: 'fixed', value: 30_000 },
      ],
    });
    expect(split).toEqual({ shares: [44_000, 30_000], restCents: 176_000 });
  });

  it('splits odd cents by the largest remainder, the earlier rule winning a tie', () => {
    // $1.00 in three thirds: 33.33… each → 33, 33, 33 with 99 given (floor(100 × 99.99 / 100) = 99).
    const thirds: AllocationRule[] = [
      { kind: 'percent', value: 33.33 },
      { kind: 'percent', value: 33.33 },
      { kind: 'percent', value: 33.33 },
    ];
    expect(allocateDeposit({ amountCents: 100, rules: thirds })).toEqual({ shares: [33, 33, 33], restCents: 1 });
    // $0.05 at 50 % / 50 %: 2.5 and 2.5 → floors 2 and 2, one cent left, the tie goes to the first.
    const halves: AllocationRule[] = [
      { kind: 'percent', value: 50 },
      { kind: 'percent', value: 50 },
    ];
    expect(allocateDeposit({ amountCents: 5, rules: halves })).toEqual({ shares: [3, 2], restCents: 0 });
    // $0.10 at 15 % / 25 %: 1.5 and 2.5 → together floor(4) = 4: floors 1 + 2, one cent to the larger
    // fraction; both are .5, so the earlier: 2 and 2.
    expect(
      allocateDeposit({
        amountCents: 10,
        rules: [
          { kind: 'percent', value: 15 },
          { kind: 'percent', value: 25 },
        ],
      }),
    ).toEqual({ shares: [2, 2], restCents: 6 });
    // $0.10 at 17 % / 26 %: 1.7 and 2.6 → together floor(4.3) = 4: floors 1 + 2, the cent to 0.7.
    expect(
      allocateDeposit({
        amountCents: 10,
        rules: [
          { kind: 'percent', value: 17 },
          { kind: 'percent', value: 26 },
        ],
      }),
    ).toEqual({ shares: [2, 2], restCents: 6 });
  });

  it('caps fixed amounts at what is left, in order, and percentages then split nothing', () => {
    const split = allocateDeposit({
      amountCents: 50_000,
      rules: [
        { kind: 'fixed', value: 40_000 },
        { kind: 'fixed', value: 30_000 },
        { kind: 'percent', value: 10 },
      ],
    });
    expect(split).toEqual({ shares: [40_000, 10_000, 0], restCents: 0 });
  });

  it('without rules everything goes to the Wallet; 100 % leaves it nothing', () => {
    expect(allocateDeposit({ amountCents: 12_345, rules: [] })).toEqual({ shares: [], restCents: 12_345 });
    expect(allocateDeposit({ amountCents: 12_345, rules: [{ kind: 'percent', value: 100 }] })).toEqual({
      shares: [12_345],
      restCents: 0,
    });
  });

  it('counts exactly at $10 billion, where R × basis points passes 2^53', () => {
    const split = allocateDeposit({ amountCents: 1_000_000_000_000, rules: [{ kind: 'percent', value: 33.33 }] });
    expect(split).toEqual({ shares: [333_300_000_000], restCents: 666_700_000_000 });
  });

  it('refuses percentages over 100 % together, three decimals, and amounts that are not cents', () => {
    const over: AllocationRule[] = [
      { kind: 'percent', value: 60 },
      { kind: 'percent', value: 40.01 },
    ];
    expect(() => allocateDeposit({ amountCents: 100, rules: over })).toThrow(RangeError);
    expect(() => allocateDeposit({ amountCents: 100, rules: [{ kind: 'percent', value: 12.345 }] })).toThrow(
      RangeError,
    );
    expect(() => allocateDeposit({ amountCents: 100, rules: [{ kind: 'percent', value: -1 }] })).toThrow(RangeError);
    expect(() => allocateDeposit({ amountCents: 10.5, rules: [] })).toThrow(RangeError);
    expect(() => allocateDeposit({ amountCents: 100, rules: [{ kind: 'fixed', value: -5 }] })).toThrow(RangeError);
  });
});

describe('allocateDeposit: properties', () => {
  const rule: fc.Arbitrary<AllocationRule> = fc.oneof(
    fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: 0, max: 500_000 }) }),
    fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 0, max: 4_000 }).map((n) => n / 100) }),
  );
  const input = fc.record({
    amountCents: fc.integer({ min: 0, max: 10_000_000_000 }),
    rules: fc
      .array(rule, { maxLength: 6 })
      .filter(
        (rules) => rules.reduce((sum, r) => sum + (r.kind === 'percent' ? Math.round(r.value * 100) : 0), 0) <= 10_000,
      ),
  });

  it('every cent lands in exactly one bucket; fixed shares never exceed their amount', () => {
    fc.assert(
      fc.property(input, ({ amountCents, rules }) => {
        const { shares, restCents } = allocateDeposit({ amountCents, rules });
        expect(shares.reduce((a, b) => a + b, 0) + restCents).toBe(amountCents);
        expect(restCents).toBeGreaterThanOrEqual(0);
        rules.forEach((r, i) => {
          if (r.kind === 'fixed') expect(shares[i]).toBeLessThanOrEqual(r.value);
        });
      }),
    );
  });

  it('the percentages take floor(R × sum ÷ 100) together, each within a cent of its exact share', () => {
    fc.assert(
      fc.property(input, ({ amountCents, rules }) => {
        const { shares } = allocateDeposit({ amountCents, rules });
        const fixed = rules.reduce((sum, r, i) => sum + (r.kind === 'fixed' ? (shares[i] ?? 0) : 0), 0);
        const left = BigInt(amountCents - fixed);
        const bps = rules.map((r) => (r.kind === 'percent' ? BigInt(Math.round(r.value * 100)) : null));
        const sumBp = bps.reduce<bigint>((s, bp) => s + (bp ?? 0n), 0n);
        const percentTotal = rules.reduce((sum, r, i) => sum + (r.kind === 'percent' ? (shares[i] ?? 0) : 0), 0);
        expect(BigInt(percentTotal)).toBe((left * sumBp) / 10_000n);
        bps.forEach((bp, i) => {
          if (bp === null) return;
          const floor = (left * bp) / 10_000n;
          expect([floor, floor + 1n]).toContain(BigInt(shares[i] ?? 0));
        });
      }),
    );
  });
});
