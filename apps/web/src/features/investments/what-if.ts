import { type Investment, investmentAccountBody, MAX_AGE } from '@helo/contract/investments';
import { dollarsToCents } from '@helo/finance/cents';
import { ProjectionTooLargeError, type RetirementProjection, retirementProjection } from '@helo/finance/retirement';
import { amountOf, CHECK_AMOUNT, isAmountText } from '../../components/ui/currency-rules.ts';

/** What the person typed in the "what if", as typed; a value left out is the saved plan's. */
export interface WhatIfChanges {
  retirementAge?: string;
  /** By account id: the person's own monthly contribution and the expected return. */
  accounts: Record<string, { contribution?: string; returnPercent?: string }>;
}

export const NO_CHANGES: WhatIfChanges = { accounts: {} };

/** The what-if's fields as they show: the changes over the saved plan. */
export interface WhatIfValues {
  retirementAge: string;
  accounts: { id: string; name: string; contribution: string; returnPercent: string; employer: number }[];
}

export function whatIfValues(investment: Investment, changes: WhatIfChanges): WhatIfValues {
  return {
    retirementAge: changes.retirementAge ?? String(investment.retirement_age),
    accounts: investment.accounts.map((a) => ({
      id: a.id,
      name: a.name,
      contribution: changes.accounts[a.id]?.contribution ?? String(a.monthly_contribution),
      returnPercent: changes.accounts[a.id]?.returnPercent ?? String(a.expected_return_percent),
      employer: a.employer_monthly_contribution,
    })),
  };
}

/** A field of the what-if: 'retirementAge', or `${accountId}.contribution` / `${accountId}.return`. */
export type WhatIfErrors = Record<string, string>;

export type WhatIfResult =
  | { kind: 'projection'; retirementAge: number; projection: RetirementProjection }
  | { kind: 'invalid'; errors: WhatIfErrors }
  | { kind: 'too-large' };

const contributionRule = investmentAccountBody.shape.monthly_contribution;
const returnRule = investmentAccountBody.shape.expected_return_percent;
const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value.trim().replace(/%\s*$/, '')));

/**
 * The projection of the what-if, with the same function and the same rules as the server: each
 * value checked as the contract checks it (a refusal is said at its field), the person's
 * contribution plus the employer's going in each month. A plan that grows past what cents can
 * count is a result, not a crash.
 */
export function whatIfProjection(investment: Investment, values: WhatIfValues): WhatIfResult {
  const errors: WhatIfErrors = {};
  const age = numberOf(values.retirementAge);
  const minAge = investment.current_age + 1;
  if (age === undefined || !Number.isInteger(age) || age < minAge || age > MAX_AGE) {
    errors.retirementAge = `Enter a whole age from ${minAge} to ${MAX_AGE}`;
  }
  const accounts = values.accounts.map((a) => {
    const contribution = contributionRule.safeParse(amountOf(a.contribution) ?? 0);
    const rate = returnRule.safeParse(numberOf(a.returnPercent));
    if (!isAmountText(a.contribution)) errors[`${a.id}.contribution`] = CHECK_AMOUNT;
    else if (!contribution.success) errors[`${a.id}.contribution`] = contribution.error.issues[0]?.message ?? 'Invalid';
    if (!rate.success) errors[`${a.id}.return`] = rate.error.issues[0]?.message ?? 'Invalid';
    const balance = investment.accounts.find((saved) => saved.id === a.id)?.balance ?? 0;
    return {
      balanceCents: dollarsToCents(balance),
      monthlyContributionCents: contribution.success ? dollarsToCents(contribution.data + a.employer) : 0,
      annualReturnPercent: rate.success ? rate.data : 0,
    };
  });
  if (Object.keys(errors).length > 0 || age === undefined) return { kind: 'invalid', errors };
  try {
    const projection = retirementProjection({
      currentAge: investment.current_age,
      retirementAge: age,
      inflationPercent: investment.inflation_percent,
      accounts,
    });
    return { kind: 'projection', retirementAge: age, projection };
  } catch (error) {
    if (error instanceof ProjectionTooLargeError) return { kind: 'too-large' };
    throw error;
  }
}

/** Whether the what-if differs from the saved plan (Reset has something to undo). */
export function isChanged(investment: Investment, values: WhatIfValues): boolean {
  const saved = whatIfValues(investment, NO_CHANGES);
  if (numberOf(values.retirementAge) !== numberOf(saved.retirementAge)) return true;
  return values.accounts.some((a, i) => {
    const s = saved.accounts[i];
    return (
      !s ||
      numberOf(a.contribution) !== numberOf(s.contribution) ||
      numberOf(a.returnPercent) !== numberOf(s.returnPercent)
    );
  });
}
