import { z } from 'zod';
import { calendarDay } from './dates.ts';
import { envelope } from './envelope.ts';
import { INT4_MAX, oneLineName, text, versionField } from './fields.ts';
import { dollarAmount, dollars } from './money.ts';

/**
 * Investments and retirement (`v1/user-investment`, decisions.md "Investments and retirement",
 * issue 14): a profile (birth year, retirement age, inflation), the user's accounts with their
 * contributions and expected return, dated balance snapshots for the performance chart, and the
 * retirement projection of @helo/finance/retirement, in dollars.
 */

export const INVESTMENT_ACCOUNT_KINDS = ['401k', 'ira', 'roth_ira', 'brokerage', 'hsa', 'other'] as const;
export type InvestmentAccountKind = (typeof INVESTMENT_ACCOUNT_KINDS)[number];
export const ACCOUNT_NAME_MAX = 80;
/** At most this many accounts a user: a 31st is a 409. */
export const MAX_INVESTMENT_ACCOUNTS = 30;
export const MIN_AGE = 18;
export const MAX_AGE = 100;
export const RETURN_PERCENT_MIN = -50;
export const RETURN_PERCENT_MAX = 50;
export const INFLATION_PERCENT_MAX = 20;
export const DEFAULT_INFLATION_PERCENT = 2.5;

const numberError = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a number`;

/** A yearly percentage between `min` and `max`, stored with two decimals (numeric(5,2)). */
const percent = (label: string, min: number, max: number) =>
  z
    .number({ error: numberError(label) })
    .min(min, `${label} must be between ${min} % and ${max} %`)
    .max(max, `${label} must be between ${min} % and ${max} %`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} can have at most two decimals`);

const age = (label: string) =>
  z
    .number({ error: numberError(label) })
    .int(`${label} must be a whole number of years`)
    .min(MIN_AGE, `${label} must be between ${MIN_AGE} and ${MAX_AGE}`)
    .max(MAX_AGE, `${label} must be between ${MIN_AGE} and ${MAX_AGE}`);

/**
 * The year the person was born. The age it gives (this year in New York minus it) must be 18…100
 * and below the retirement age: the server checks both, since it knows the year.
 */
const birthYear = z
  .number({ error: numberError('Birth year') })
  .int('Birth year must be a whole year')
  .min(1900, 'Birth year must be between 1900 and 2199')
  .max(2199, 'Birth year must be between 1900 and 2199');

const profileFields = {
  birth_year: birthYear,
  retirement_age: age('Retirement age'),
  /** Yearly inflation for "today's money"; 2.5 when left out. */
  inflation_percent: percent('Inflation', 0, INFLATION_PERCENT_MAX).nullish(),
};

const accountFields = {
  name: oneLineName('Name', ACCOUNT_NAME_MAX),
  kind: z.enum(INVESTMENT_ACCOUNT_KINDS, {
    error: 'Kind must be 401k, ira, roth_ira, brokerage, hsa or other',
  }),
  balance: dollarAmount('Balance'),
  monthly_contribution: dollarAmount('Monthly contribution'),
  /** The employer's match a month; 0 when left out. */
  employer_monthly_contribution: dollarAmount('Employer contribution').nullish(),
  expected_return_percent: percent('Expected return', RETURN_PERCENT_MIN, RETURN_PERCENT_MAX),
  /**
   * The day the balance is as of: today (New York) when left out. An earlier day records a past
   * statement's balance for the chart; the account's balance is always its latest day's.
   */
  balance_on: calendarDay('Balance date').nullish(),
};

/** POST /v1/user-investment/accounts, and each account of the profile's POST. */
export const investmentAccountBody = z.object(accountFields);
export type InvestmentAccountBody = z.input<typeof investmentAccountBody>;

/** PUT /v1/user-investment/accounts/{id}: the account's fields and the version the client read. */
export const investmentAccountUpdateBody = z.object({ ...accountFields, version: versionField() });
export type InvestmentAccountUpdateBody = z.input<typeof investmentAccountUpdateBody>;

/** POST /v1/user-investment: the profile with its first accounts (a second POST is a 409). */
export const investmentProfileBody = z.object({
  ...profileFields,
  accounts: z
    .array(investmentAccountBody, { error: 'Accounts must be a list' })
    .min(1, 'Add at least one account')
    .max(MAX_INVESTMENT_ACCOUNTS, `You can track at most ${MAX_INVESTMENT_ACCOUNTS} accounts`),
});
export type InvestmentProfileBody = z.input<typeof investmentProfileBody>;

/** PUT /v1/user-investment: the profile's fields and the version the client read. */
export const investmentProfileUpdateBody = z.object({ ...profileFields, version: versionField() });
export type InvestmentProfileUpdateBody = z.input<typeof investmentProfileUpdateBody>;

export const investmentAccountParams = z.object({ id: text('Account id').max(64) });
/** DELETE /accounts/{id}?version=: without a version the account is deleted whatever was written since. */
export const investmentAccountDeleteQuery = z.object({
  version: z.coerce
    .number({ error: 'Version must be a number' })
    .int('Version must be a whole number')
    .min(1, 'Version must be at least 1')
    .max(INT4_MAX, 'Version is too large')
    .optional(),
});

export const balanceSnapshot = z.object({ date: z.string(), balance: dollars() });

export const investmentAccount = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(INVESTMENT_ACCOUNT_KINDS),
  /** The latest snapshot's balance. */
  balance: dollars(),
  monthly_contribution: dollars(),
  employer_monthly_contribution: dollars(),
  expected_return_percent: z.number(),
  /** One per day the balance was set, oldest first. */
  snapshots: z.array(balanceSnapshot),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InvestmentAccount = z.infer<typeof investmentAccount>;

const projectionRow = z.object({ age: z.number().int(), nominal: dollars(), real: dollars() });
export const projection = z.object({
  /** Today's balance at the current age, then one row per year of age up to the retirement age. */
  rows: z.array(projectionRow),
  at_retirement: z.object({
    nominal: dollars(),
    /** In today's money. */
    real: dollars(),
    /** 4 % of `real` a year, ÷ 12, rounded down. */
    monthly_income: dollars(),
  }),
});
export type Projection = z.infer<typeof projection>;

export const investment = z.object({
  birth_year: z.number().int(),
  /** This year (New York) minus the birth year. */
  current_age: z.number().int(),
  retirement_age: z.number().int(),
  inflation_percent: z.number(),
  version: z.number().int(),
  accounts: z.array(investmentAccount),
  /** The sum of the accounts' balances. */
  total_balance: dollars(),
  /** What goes in this month: the person's and the employers' contributions, all accounts. */
  monthly_contributions: dollars(),
  projection: z.object({
    total: projection,
    /** One per account, in the order of `accounts`. */
    accounts: z.array(projection.extend({ account_id: z.string() })),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Investment = z.infer<typeof investment>;

/** Every read and write answers the whole profile as it now stands. */
export const investmentResponse = envelope(investment);
