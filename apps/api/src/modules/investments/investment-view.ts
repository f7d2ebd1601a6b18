import type { Investment, Projection as ProjectionAnswer } from '@helo/contract/investments';
import type { InvestmentAccountRow, InvestmentProfileRow, InvestmentSnapshotRow } from '@helo/db/schema';
import { centsToDollars, type Dollars } from '@helo/finance/cents';
import { type Projection, retirementProjection } from '@helo/finance/retirement';

/**
 * The whole investment profile as the page shows it: the accounts with their snapshots, the totals,
 * and the retirement projection of @helo/finance/retirement, in dollars. Pure: New York's today
 * comes in, so the same rows answer the same way on every server.
 */

/** This year in New York minus the birth year: the profile asks for no birth date (decisions.md). */
export const currentAgeOf = (birthYear: number, today: string): number => Number(today.slice(0, 4)) - birthYear;

/**
 * The projection of the profile's accounts. Throws ProjectionTooLargeError (with the index of the
 * account, or null for the total) when a balance would pass what cents can count; callers name the field.
 */
export function projectionOf(
  profile: Pick<InvestmentProfileRow, 'birthYear' | 'retirementAge' | 'inflationPercent'>,
  accounts: readonly Pick<
    InvestmentAccountRow,
    'balanceCents' | 'monthlyContributionCents' | 'employerMonthlyContributionCents' | 'expectedReturnPercent'
  >[],
  today: string,
) {
  return retirementProjection({
    currentAge: currentAgeOf(profile.birthYear, today),
    retirementAge: profile.retirementAge,
    inflationPercent: Number(profile.inflationPercent),
    accounts: accounts.map((a) => ({
      balanceCents: a.balanceCents,
      monthlyContributionCents: a.monthlyContributionCents + a.employerMonthlyContributionCents,
      annualReturnPercent: Number(a.expectedReturnPercent),
    })),
  });
}

function toProjection(p: Projection): ProjectionAnswer {
  return {
    rows: p.rows.map((r) => ({
      age: r.age,
      nominal: centsToDollars(r.nominalCents),
      real: centsToDollars(r.realCents),
    })),
    at_retirement: {
      nominal: centsToDollars(p.atRetirement.nominalCents),
      real: centsToDollars(p.atRetirement.realCents),
      monthly_income: centsToDollars(p.atRetirement.monthlyIncomeRealCents),
    },
  };
}

export function investmentView(
  profile: InvestmentProfileRow,
  accounts: readonly InvestmentAccountRow[],
  snapshots: readonly InvestmentSnapshotRow[],
  today: string,
): Investment {
  const projection = projectionOf(profile, accounts, today);
  const history = new Map<string, { date: string; balance: Dollars }[]>();
  for (const s of snapshots) {
    const points = history.get(s.accountId) ?? [];
    points.push({ date: s.day, balance: centsToDollars(s.balanceCents) });
    history.set(s.accountId, points);
  }
  let totalCents = 0;
  let monthlyCents = 0;
  for (const a of accounts) {
    totalCents += a.balanceCents;
    monthlyCents += a.monthlyContributionCents + a.employerMonthlyContributionCents;
  }
  return {
    birth_year: profile.birthYear,
    current_age: currentAgeOf(profile.birthYear, today),
    retirement_age: profile.retirementAge,
    inflation_percent: Number(profile.inflationPercent),
    version: profile.version,
    accounts: accounts.map((a) => ({
      id: a.id,
      name: a.name,
      kind: a.kind,
      balance: centsToDollars(a.balanceCents),
      monthly_contribution: centsToDollars(a.monthlyContributionCents),
      employer_monthly_contribution: centsToDollars(a.employerMonthlyContributionCents),
      expected_return_percent: Number(a.expectedReturnPercent),
      // Oldest first: the repository reads them by account, then day.
      snapshots: history.get(a.id) ?? [],
      version: a.version,
      created_at: a.createdAt.toISOString(),
      updated_at: a.updatedAt.toISOString(),
    })),
    total_balance: centsToDollars(totalCents),
    monthly_contributions: centsToDollars(monthlyCents),
    projection: {
      total: toProjection(projection.total),
      accounts: projection.accounts.map((p, i) => ({ ...toProjection(p), account_id: accounts[i]?.id ?? '' })),
    },
    created_at: profile.createdAt.toISOString(),
    updated_at: profile.updatedAt.toISOString(),
  };
}
