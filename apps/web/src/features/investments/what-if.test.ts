import type { Investment, InvestmentAccount } from '@helo/contract/investments';
import { dollarsOf } from '@helo/finance/cents';
import { describe, expect, it } from 'vitest';
import { isChanged, NO_CHANGES, whatIfProjection, whatIfValues } from './what-if.ts';

const account = (
  id: string,
  balance: number,
  contribution: number,
  employer: number,
  rate: number,
): InvestmentAccount => ({
  id,
  name: `Account ${id}`,
  kind: '401k',
  balance: dollarsOf(balance),
  monthly_contribution: dollarsOf(contribution),
  employer_monthly_contribution: dollarsOf(employer),
  expected_return_percent: rate,
  snapshots: [],
  version: 1,
  created_at: '2026-11-23T00:00:00.000Z',
  updated_at: '2026-11-23T00:00:00.000Z',
});

const investment = (accounts: InvestmentAccount[]): Investment =>
  ({
    birth_year: 1986,
    current_age: 40,
    retirement_age: 42,
    inflation_percent: 0,
    version: 1,
    accounts,
    created_at: '2026-11-23T00:00:00.000Z',
    updated_at: '2026-11-23T00:00:00.000Z',
  }) as unknown as Investment;

// 0 % return and no inflation: the figures are sums, worked out by hand.
const saved = investment([account('a', 1_000, 100, 50, 0), account('b', 2_000, 10, 0, 0)]);

describe('the what-if', () => {
  it("starts from the saved plan, counting the employer's contribution with the person's", () => {
    const values = whatIfValues(saved, NO_CHANGES);
    expect(values.retirementAge).toBe('42');
    expect(isChanged(saved, values)).toBe(false);
    const result = whatIfProjection(saved, values);
    if (result.kind !== 'projection') throw new Error(result.kind);
    // 2 years = 24 months: $1,000 + 24 × $150 and $2,000 + 24 × $10.
    expect(result.projection.accounts.map((p) => p.atRetirement.nominalCents)).toEqual([460_000, 224_000]);
    expect(result.projection.total.atRetirement.nominalCents).toBe(684_000);
    // 4 % a year ÷ 12 of $6,840.
    expect(result.projection.total.atRetirement.monthlyIncomeRealCents).toBe(2_280);
    expect(result.projection.total.rows.map((r) => r.age)).toEqual([40, 41, 42]);
  });

  it('projects the typed retirement age, contributions and returns', () => {
    const values = whatIfValues(saved, {
      retirementAge: '43',
      accounts: { a: { contribution: '200' }, b: { returnPercent: '12' } },
    });
    expect(isChanged(saved, values)).toBe(true);
    const result = whatIfProjection(saved, values);
    if (result.kind !== 'projection') throw new Error(result.kind);
    expect(result.retirementAge).toBe(43);
    // 36 months of $200 + $50 on $1,000.
    expect(result.projection.accounts[0]?.atRetirement.nominalCents).toBe(1_000_00 + 36 * 250_00);
    // 12 % a year compounds: more than the 0 % sum of $2,360.
    expect(result.projection.accounts[1]?.atRetirement.nominalCents).toBeGreaterThan(236_000);
  });

  it('says at its field what the contract would refuse, and projects nothing then', () => {
    const result = whatIfProjection(
      saved,
      whatIfValues(saved, {
        retirementAge: '40',
        accounts: { a: { returnPercent: '60' }, b: { contribution: '1.2.3' } },
      }),
    );
    expect(result).toEqual({
      kind: 'invalid',
      errors: {
        retirementAge: 'Enter a whole age from 41 to 100',
        'a.return': 'Expected return must be between -50 % and 50 %',
        'b.contribution': 'Check this amount',
      },
    });
  });

  it('answers a plan too large to count in cents as such, never a crash', () => {
    const huge = investment([account('a', 10_000_000_000, 0, 0, 50)]);
    expect(whatIfProjection(huge, whatIfValues(huge, { retirementAge: '100', accounts: {} }))).toEqual({
      kind: 'too-large',
    });
  });
});
