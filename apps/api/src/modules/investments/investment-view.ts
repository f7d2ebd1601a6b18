import type { Investment, Projection as ProjectionAnswer } from '@helo/contract/investments';
import type { InvestmentAccountRow, InvestmentProfileRow } from '@helo/db/schema';
import { type Cents, centsToDollars } from '@helo/finance/cents';
import { type Projection, retirementProjection } from '@helo/finance/retirement';

/**
 * The whole investment profile as the page shows it: the accounts with their balance history, the
 * totals, and the retirement projection of @helo/finance/retirement, in dollars. Pure: the balances
 * (the ledger's) and New York's today come in, so the same rows answer the same way on every server.
 */

/** An account with what it holds: its ledger account's balance. */
export type AccountWithBalance = InvestmentAccountRow & { balanceCents: Cents };

/** The account's balance at the end of each day it moved, oldest first. */
export type BalanceHistory = ReadonlyMap<string, readonly { date: string; balanceCents: Cents }[]>;

/** This year in New York minus the birth year: the profile asks for no birth date (decisions.md). */
export const currentAgeOf = (birthYear: number, today: string): number => Number(today.slice(0, 4)) - birthYear;

/**
 * The projection of the profile's accounts. Throws ProjectionTooLargeError (with the index of the
 * account, or null for the total) when a balance would pass what cents can count; callers name the field.
 */
export function projectionOf(
  profile: Pick<InvestmentProfileRow, 'birthYear' | 'retirementAge' | 'inflationPercent'>,
  accounts: readonly Pick<
    AccountWithBalance,
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
  accounts: readonly AccountWithBalance[],
  history: BalanceHistory,
  today: string,
): Investment {
  const projection = projectionOf(profile, accounts, today);
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
      // Oldest first: a point for each day the balance moved.
      snapshots: (history.get(a.id) ?? []).map((p) => ({ date: p.date, balance: centsToDollars(p.balanceCents) })),
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
