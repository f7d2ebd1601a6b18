import {
  type Investment,
  type InvestmentAccount,
  type InvestmentAccountBody,
  type InvestmentAccountUpdateBody,
  type InvestmentProfileBody,
  type InvestmentProfileUpdateBody,
  investmentAccountBody,
  investmentAccountUpdateBody,
  investmentProfileBody,
  investmentProfileUpdateBody,
  MAX_AGE,
  MIN_AGE,
} from '@helo/contract/investments';
import { z } from 'zod';
import { amountOf, amountText } from '../../components/ui/currency-rules.ts';

/**
 * An account as the forms hold it: amounts as the currency inputs' strings, the rest as typed.
 * Named as the API names its fields, so the server's field errors land on them.
 */
export interface AccountValues {
  name: string;
  kind: string;
  balance: string;
  monthly_contribution: string;
  employer_monthly_contribution: string;
  expected_return_percent: string;
}

/** The edit dialog's account: the same fields and the day its balance is as of. */
export interface AccountEditValues extends AccountValues {
  balance_on: string;
}

export interface ProfileValues {
  birth_year: string;
  retirement_age: string;
  inflation_percent: string;
}

/** /my-retirement's form: the profile (step 1) and its first accounts (step 2). */
export interface SetupValues extends ProfileValues {
  accounts: AccountValues[];
}

const blank = (value: string) => value.trim() === '';
const numberOf = (value: string) => (blank(value) ? undefined : Number(value.trim()));
/** '7', '7 %' and '7%' all mean 7: the label says "%", and people type it anyway. */
const percentOf = (value: string) => numberOf(value.replace(/%\s*$/, ''));

function accountWire(values: AccountValues): Record<string, unknown> {
  return {
    name: values.name,
    kind: blank(values.kind) ? undefined : values.kind,
    balance: amountOf(values.balance),
    monthly_contribution: amountOf(values.monthly_contribution) ?? 0,
    // Left empty, the employer adds nothing.
    employer_monthly_contribution: amountOf(values.employer_monthly_contribution) ?? 0,
    expected_return_percent: percentOf(values.expected_return_percent),
  };
}

function profileWire(values: ProfileValues): Record<string, unknown> {
  return {
    birth_year: numberOf(values.birth_year),
    retirement_age: numberOf(values.retirement_age),
    // Left empty, the API's 2.5 %.
    inflation_percent: percentOf(values.inflation_percent) ?? null,
  };
}

const KIND_REQUIRED = 'Choose the kind of account';

/** Copies a contract's refusals onto the form's fields (`prefix` for an account inside the setup's list). */
function addIssues(ctx: z.RefinementCtx, issues: readonly z.core.$ZodIssue[], skip: (path: PropertyKey[]) => boolean) {
  for (const issue of issues) {
    if (skip(issue.path)) continue;
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
}

/**
 * The age this birth year gives this year, checked as the server checks it (18…100, retiring later),
 * so step 1 says so before step 2. The server decides with New York's year; this one is the
 * browser's, which differs only around New Year.
 */
export function ageIssues(values: ProfileValues, thisYear: number): { path: keyof ProfileValues; message: string }[] {
  const birthYear = numberOf(values.birth_year);
  const retirementAge = numberOf(values.retirement_age);
  if (birthYear === undefined || !Number.isInteger(birthYear) || birthYear < 1900 || birthYear > 2199) return [];
  const age = thisYear - birthYear;
  if (age < MIN_AGE || age > MAX_AGE) {
    return [{ path: 'birth_year', message: `This birth year makes you ${age}: your age must be between 18 and 100` }];
  }
  if (retirementAge !== undefined && Number.isInteger(retirementAge) && retirementAge <= age) {
    return [{ path: 'retirement_age', message: `Retirement age must be above your current age (${age})` }];
  }
  return [];
}

const accountShape = {
  name: z.string(),
  kind: z.string(),
  balance: amountText,
  monthly_contribution: amountText,
  employer_monthly_contribution: amountText,
  expected_return_percent: z.string(),
};
const profileShape = { birth_year: z.string(), retirement_age: z.string(), inflation_percent: z.string() };

/** The setup's schema: what the contract accepts, each of its messages on its field (`accounts.1.balance`). */
export const setupForm = (thisYear: number) =>
  z.object({ ...profileShape, accounts: z.array(z.object(accountShape)) }).superRefine((values, ctx) => {
    const parsed = investmentProfileBody.safeParse({
      ...profileWire(values),
      accounts: values.accounts.map(accountWire),
    });
    const noKind = new Set<number>();
    values.accounts.forEach((account, i) => {
      if (!blank(account.kind)) return;
      noKind.add(i);
      ctx.addIssue({ code: 'custom', path: ['accounts', i, 'kind'], message: KIND_REQUIRED });
    });
    for (const issue of ageIssues(values, thisYear)) ctx.addIssue({ code: 'custom', ...issue, path: [issue.path] });
    if (!parsed.success) {
      addIssues(
        ctx,
        parsed.error.issues,
        (path) => path[0] === 'accounts' && path[2] === 'kind' && noKind.has(Number(path[1])),
      );
    }
  });

/** The step 1 fields, checked before step 2. */
export const PROFILE_FIELDS: (keyof ProfileValues)[] = ['birth_year', 'retirement_age', 'inflation_percent'];

export const setupBodyOf = (values: SetupValues): InvestmentProfileBody =>
  investmentProfileBody.parse({ ...profileWire(values), accounts: values.accounts.map(accountWire) });

/** One account's schema (the add form): the contract's rules on the fields. */
export const accountForm = z.object(accountShape).superRefine((values, ctx) => {
  const noKind = blank(values.kind);
  if (noKind) ctx.addIssue({ code: 'custom', path: ['kind'], message: KIND_REQUIRED });
  const parsed = investmentAccountBody.safeParse(accountWire(values));
  if (!parsed.success) addIssues(ctx, parsed.error.issues, (path) => noKind && path[0] === 'kind');
});

export const accountBodyOf = (values: AccountValues): InvestmentAccountBody =>
  investmentAccountBody.parse(accountWire(values));

function accountEditWire(values: AccountEditValues, account: InvestmentAccount, today: string) {
  const wire = accountWire(values);
  // An unchanged balance as of today adds nothing to the history: the API records no day then.
  const sameToday = wire.balance === account.balance && values.balance_on === today;
  return { ...wire, balance_on: sameToday || blank(values.balance_on) ? null : values.balance_on };
}

/** The edit dialog's schema: the account's rules, the day included. */
export const accountEditForm = (account: InvestmentAccount, today: string) =>
  z.object({ ...accountShape, balance_on: z.string() }).superRefine((values, ctx) => {
    const parsed = investmentAccountBody.safeParse(accountEditWire(values, account, today));
    if (!parsed.success) addIssues(ctx, parsed.error.issues, () => false);
  });

export const accountUpdateBodyOf = (
  values: AccountEditValues,
  account: InvestmentAccount,
  today: string,
): InvestmentAccountUpdateBody =>
  investmentAccountUpdateBody.parse({ ...accountEditWire(values, account, today), version: account.version });

/** The edit's starting values: the account as it is, its balance as of `today`. */
export function accountEditValuesOf(account: InvestmentAccount, today: string): AccountEditValues {
  return {
    name: account.name,
    kind: account.kind,
    balance: String(account.balance),
    monthly_contribution: String(account.monthly_contribution),
    employer_monthly_contribution:
      account.employer_monthly_contribution === 0 ? '' : String(account.employer_monthly_contribution),
    expected_return_percent: String(account.expected_return_percent),
    balance_on: today,
  };
}

/** The profile's edit: the contract's rules and the ages, as in the setup. */
export const profileForm = (thisYear: number) =>
  z.object(profileShape).superRefine((values, ctx) => {
    const parsed = investmentProfileBody.omit({ accounts: true }).safeParse(profileWire(values));
    if (!parsed.success) addIssues(ctx, parsed.error.issues, () => false);
    for (const issue of ageIssues(values, thisYear)) ctx.addIssue({ code: 'custom', ...issue, path: [issue.path] });
  });

export const profileUpdateBodyOf = (values: ProfileValues, version: number): InvestmentProfileUpdateBody =>
  investmentProfileUpdateBody.parse({ ...profileWire(values), version });

export const profileValuesOf = (investment: Investment): ProfileValues => ({
  birth_year: String(investment.birth_year),
  retirement_age: String(investment.retirement_age),
  inflation_percent: String(investment.inflation_percent),
});

export const BLANK_ACCOUNT: AccountValues = {
  name: '',
  kind: '',
  balance: '',
  monthly_contribution: '',
  employer_monthly_contribution: '',
  expected_return_percent: '',
};

export const BLANK_SETUP: SetupValues = {
  birth_year: '',
  retirement_age: '',
  inflation_percent: '',
  accounts: [BLANK_ACCOUNT],
};
