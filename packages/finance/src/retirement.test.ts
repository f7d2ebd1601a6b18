import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyIncomeCents, ProjectionTooLargeError, retirementProjection } from './retirement.ts';

const account = (balanceCents: number, monthlyContributionCents: number, annualReturnPercent: number) => ({
  balanceCents,
  monthlyContributionCents,
  annualReturnPercent,
});

describe('retirementProjection: worked examples', () => {
  it('without return or inflation: $1,000 and $100 a month from 30 to 32 is $3,400, $11.33 a month', () => {
    const p = retirementProjection({
      currentAge: 30,
      retirementAge: 32,
      inflationPercent: 0,
      accounts: [account(100_000, 10_000, 0)],
    });
    expect(p.total.rows).toEqual([
      { age: 30, nominalCents: 100_000, realCents: 100_000 },
      { age: 31, nominalCents: 220_000, realCents: 220_000 },
      { age: 32, nominalCents: 340_000, realCents: 340_000 },
    ]);
    // 4 % of $3,400 a year is $136, ÷ 12 = $11.333… → $11.33 (down).
    expect(p.total.atRetirement).toEqual({ nominalCents: 340_000, realCents: 340_000, monthlyIncomeRealCents: 1_133 });
    expect(p.accounts).toEqual([p.total]);
  });

  it('6 % a year: $10,000 earns month by month, each month rounded half-up, and ends the year at $10,600.00', () => {
    // Monthly rate 1.06^(1/12) − 1 = 0.00486755…: month 1 earns 4,867.55 cents → 4,868; month 2
    // earns 1,004,868 × r = 4,891.25 → 4,891 (balance 1,009,759); … month 12 ends on 1,060,000.
    const p = retirementProjection({
      currentAge: 30,
      retirementAge: 31,
      inflationPercent: 0,
      accounts: [account(1_000_000, 0, 6)],
    });
    expect(p.total.rows.map((r) => r.nominalCents)).toEqual([1_000_000, 1_060_000]);
  });

  it('interest comes before the month’s contribution: $1,000 a month at 12 % is an ordinary annuity', () => {
    // Month 1 earns nothing on $0, then $1,000 goes in. The closed form of payments at the end of each
    // month, 1,000 × ((1 + r)^12 − 1) ÷ r with (1 + r)^12 = 1.12, is 1,000 × 0.12 ÷ 0.00948879 =
    // $12,646.50; the twelve roundings to the cent land a cent below. Contributions first would earn
    // a month more: $12,766.50.
    const p = retirementProjection({
      currentAge: 40,
      retirementAge: 41,
      inflationPercent: 0,
      accounts: [account(0, 100_000, 12)],
    });
    expect(p.total.atRetirement.nominalCents).toBe(1_264_649);
  });

  it('in today’s money: $3,400 in two years at 2.5 % inflation is $3,236.17 (÷ 1.050625), paying $10.78 a month', () => {
    const p = retirementProjection({
      currentAge: 30,
      retirementAge: 32,
      inflationPercent: 2.5,
      accounts: [account(100_000, 10_000, 0)],
    });
    expect(p.total.rows.map((r) => r.realCents)).toEqual([100_000, 214_634, 323_617]);
    // 220,000 ÷ 1.025 = 214,634.1… ; 340,000 ÷ 1.050625 = 323,616.89… → 323,617.
    expect(p.total.atRetirement.monthlyIncomeRealCents).toBe(1_078);
  });

  it('a loss shrinks the balance: −50 % a year turns $1,000 into $499.98 after the monthly roundings', () => {
    const p = retirementProjection({
      currentAge: 50,
      retirementAge: 51,
      inflationPercent: 0,
      accounts: [account(100_000, 0, -50)],
    });
    expect(p.total.atRetirement.nominalCents).toBe(49_998);
  });

  it('the total’s real value comes from the total’s nominal one, not from the accounts’ rounded real values', () => {
    // Two accounts of 1 cent at 100 % inflation over a year: each is worth 0.5 → 1 cent today, the total 2 ÷ 2 = 1 cent.
    const p = retirementProjection({
      currentAge: 30,
      retirementAge: 31,
      inflationPercent: 100,
      accounts: [account(1, 0, 0), account(1, 0, 0)],
    });
    expect(p.accounts.map((a) => a.atRetirement.realCents)).toEqual([1, 1]);
    expect(p.total.atRetirement).toEqual({ nominalCents: 2, realCents: 1, monthlyIncomeRealCents: 0 });
  });

  it('a retirement age not above the current age gives today’s balances only', () => {
    for (const retirementAge of [40, 35]) {
      const p = retirementProjection({
        currentAge: 40,
        retirementAge,
        inflationPercent: 3,
        accounts: [account(90_000, 5_000, 7), account(30_000, 0, 4)],
      });
      expect(p.total.rows).toEqual([{ age: 40, nominalCents: 120_000, realCents: 120_000 }]);
      expect(p.accounts.map((a) => a.atRetirement.nominalCents)).toEqual([90_000, 30_000]);
      expect(p.total.atRetirement.monthlyIncomeRealCents).toBe(400);
    }
  });

  it('no accounts is a total of $0 every year', () => {
    const p = retirementProjection({ currentAge: 30, retirementAge: 33, inflationPercent: 2, accounts: [] });
    expect(p.accounts).toEqual([]);
    expect(p.total.rows.map((r) => [r.age, r.nominalCents, r.realCents])).toEqual([
      [30, 0, 0],
      [31, 0, 0],
      [32, 0, 0],
      [33, 0, 0],
    ]);
  });

  it('names the account whose balance grows past what cents can count', () => {
    const huge = account(1_000_000_000_000, 0, 50); // $10 billion at 50 % for 60 years
    const run = () =>
      retirementProjection({
        currentAge: 20,
        retirementAge: 80,
        inflationPercent: 0,
        accounts: [account(100, 0, 5), huge],
      });
    expect(run).toThrow(ProjectionTooLargeError);
    try {
      run();
    } catch (error) {
      expect((error as ProjectionTooLargeError).accountIndex).toBe(1);
    }
  });

  it('refuses inputs out of range', () => {
    const base = { currentAge: 30, retirementAge: 65, inflationPercent: 2.5, accounts: [account(100, 0, 5)] };
    expect(() => retirementProjection({ ...base, currentAge: 30.5 })).toThrow(RangeError);
    expect(() => retirementProjection({ ...base, retirementAge: 200 })).toThrow(RangeError);
    expect(() => retirementProjection({ ...base, inflationPercent: Number.NaN })).toThrow(RangeError);
    expect(() => retirementProjection({ ...base, accounts: [account(-1, 0, 5)] })).toThrow(RangeError);
    expect(() => retirementProjection({ ...base, accounts: [account(100, 0.5, 5)] })).toThrow(RangeError);
    expect(() => retirementProjection({ ...base, accounts: [account(100, 0, -100)] })).toThrow(RangeError);
  });
});

/** The rule written out plainly, for small inputs: one account's balance after `years` years. */
function definition(balance: number, contribution: number, percent: number, years: number): number {
  const rate = (1 + percent / 100) ** (1 / 12) - 1;
  let b = balance;
  for (let m = 0; m < years * 12; m++) b += Math.round(b * rate) + contribution;
  return b;
}

describe('retirementProjection: properties', () => {
  const accountArb = fc.record({
    balanceCents: fc.integer({ min: 0, max: 100_000_000 }),
    monthlyContributionCents: fc.integer({ min: 0, max: 1_000_000 }),
    annualReturnPercent: fc.integer({ min: -5000, max: 5000 }).map((n) => n / 100),
  });
  const input = fc.record({
    currentAge: fc.integer({ min: 18, max: 100 }),
    years: fc.integer({ min: -3, max: 40 }),
    inflationPercent: fc.integer({ min: 0, max: 1500 }).map((n) => n / 100),
    accounts: fc.array(accountArb, { maxLength: 4 }),
  });

  it('a row per year of age, the total the sum of the accounts, each account by the plain rule', () => {
    fc.assert(
      fc.property(input, ({ currentAge, years, inflationPercent, accounts }) => {
        const retirementAge = currentAge + years;
        const p = retirementProjection({ currentAge, retirementAge, inflationPercent, accounts });
        const span = Math.max(0, years);
        expect(p.total.rows.map((r) => r.age)).toEqual(Array.from({ length: span + 1 }, (_, i) => currentAge + i));
        p.total.rows.forEach((row, y) => {
          expect(row.nominalCents).toBe(p.accounts.reduce((s, a) => s + (a.rows[y]?.nominalCents ?? 0), 0));
          expect(row.realCents).toBe(Math.round(row.nominalCents / (1 + inflationPercent / 100) ** y));
        });
        accounts.forEach((a, i) => {
          expect(p.accounts[i]?.atRetirement.nominalCents).toBe(
            definition(a.balanceCents, a.monthlyContributionCents, a.annualReturnPercent, span),
          );
        });
        expect(p.total.atRetirement.monthlyIncomeRealCents).toBe(Math.floor(p.total.atRetirement.realCents / 300));
      }),
      { numRuns: 200 },
    );
  });

  it('more each month never means less at retirement, and with no inflation today’s money is the nominal figure', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 100_000 }), ({ currentAge, years, accounts }, more) => {
        const retirementAge = currentAge + years;
        const base = retirementProjection({ currentAge, retirementAge, inflationPercent: 0, accounts });
        const richer = retirementProjection({
          currentAge,
          retirementAge,
          inflationPercent: 0,
          accounts: accounts.map((a) => ({ ...a, monthlyContributionCents: a.monthlyContributionCents + more })),
        });
        expect(richer.total.atRetirement.nominalCents).toBeGreaterThanOrEqual(base.total.atRetirement.nominalCents);
        for (const row of base.total.rows) expect(row.realCents).toBe(row.nominalCents);
      }),
      { numRuns: 100 },
    );
  });
});

describe('monthlyIncomeCents', () => {
  it('is 4 % a year ÷ 12, rounded down exactly even where a float quotient would round up', () => {
    expect(monthlyIncomeCents(30_000)).toBe(100);
    expect(monthlyIncomeCents(29_999)).toBe(99);
    // 9,007,199,254,740,899 ÷ 300 is 30,023,997,515,802.996…, which as a float is …803.
    const big = 300 * 30_023_997_515_803 - 1;
    expect(Number.isSafeInteger(big)).toBe(true);
    expect(monthlyIncomeCents(big)).toBe(30_023_997_515_802);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) }), (n) => {
        expect(BigInt(monthlyIncomeCents(Number(n)))).toBe(n / 300n);
      }),
    );
  });
});
