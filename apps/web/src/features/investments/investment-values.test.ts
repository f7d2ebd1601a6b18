import type { InvestmentAccount } from '@helo/contract/investments';
import { dollarsOf } from '@helo/finance/cents';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import {
  accountEditValuesOf,
  accountUpdateBodyOf,
  ageIssues,
  BLANK_ACCOUNT,
  BLANK_SETUP,
  setupBodyOf,
  setupForm,
} from './investment-values.ts';
import { placeRowErrors } from './row-errors.ts';

const account: InvestmentAccount = {
  id: 'a1',
  name: 'Work 401(k)',
  kind: '401k',
  balance: dollarsOf(50_000),
  monthly_contribution: dollarsOf(500),
  employer_monthly_contribution: dollarsOf(0),
  expected_return_percent: 6,
  snapshots: [{ date: '2026-11-20', balance: dollarsOf(50_000) }],
  version: 3,
  created_at: '2026-11-20T00:00:00.000Z',
  updated_at: '2026-11-20T00:00:00.000Z',
};
const TODAY = '2026-11-23';

describe("the account edit's day", () => {
  it('is sent with a new balance, and with any earlier day', () => {
    const values = { ...accountEditValuesOf(account, TODAY), balance: '52000' };
    expect(accountUpdateBodyOf(values, account, TODAY)).toMatchObject({
      balance: 52_000,
      balance_on: TODAY,
      version: 3,
    });
    const past = { ...accountEditValuesOf(account, TODAY), balance_on: '2026-10-24' };
    expect(accountUpdateBodyOf(past, account, TODAY).balance_on).toBe('2026-10-24');
  });

  it('is left out when only the return changes, so the history gains no point', () => {
    const values = { ...accountEditValuesOf(account, TODAY), expected_return_percent: '7 %' };
    expect(accountUpdateBodyOf(values, account, TODAY)).toMatchObject({ expected_return_percent: 7, balance_on: null });
  });
});

describe('the setup', () => {
  it('checks the ages the birth year gives before step 2', () => {
    expect(ageIssues({ birth_year: '1986', retirement_age: '65', inflation_percent: '' }, 2026)).toEqual([]);
    expect(ageIssues({ birth_year: '1986', retirement_age: '40', inflation_percent: '' }, 2026)).toEqual([
      { path: 'retirement_age', message: 'Retirement age must be above your current age (40)' },
    ]);
    expect(ageIssues({ birth_year: '2015', retirement_age: '65', inflation_percent: '' }, 2026)[0]?.path).toBe(
      'birth_year',
    );
  });

  it("refuses each row's fields at their place, and sends empty optional amounts as $0 and no inflation as the default", () => {
    const work = { ...BLANK_ACCOUNT, name: 'Work', kind: '401k', balance: '1000', expected_return_percent: '6' };
    const values = {
      ...BLANK_SETUP,
      birth_year: '1986',
      retirement_age: '65',
      accounts: [work, { ...BLANK_ACCOUNT, name: 'Roth', kind: '', balance: '', expected_return_percent: '70' }],
    };
    const parsed = setupForm(2026).safeParse(values);
    expect(parsed.success).toBe(false);
    const issues = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(issues).toEqual({
      'accounts.1.kind': 'Choose the kind of account',
      'accounts.1.balance': 'Balance is required',
      'accounts.1.expected_return_percent': 'Expected return must be between -50 % and 50 %',
    });
    expect(setupBodyOf({ ...values, accounts: [work] })).toEqual({
      birth_year: 1986,
      retirement_age: 65,
      inflation_percent: null,
      accounts: [
        {
          name: 'Work',
          kind: '401k',
          balance: 1000,
          monthly_contribution: 0,
          employer_monthly_contribution: 0,
          expected_return_percent: 6,
        },
      ],
    });
  });

  it("puts the server's row errors on their rows and leaves the rest to the form", () => {
    const placed: [string, string][] = [];
    const setError = (path: string, e: { message?: string }) => void placed.push([path, e.message ?? '']);
    const error = new ApiError(400, 'Invalid', [
      { path: 'accounts.1.expected_return_percent', message: 'Too high' },
      { path: 'birth_year', message: 'Too young' },
    ]);
    const rest = placeRowErrors(error, setError as never, 2);
    expect(placed).toEqual([['accounts.1.expected_return_percent', 'Too high']]);
    expect(rest).toBeInstanceOf(ApiError);
    expect((rest as ApiError).errors).toEqual([{ path: 'birth_year', message: 'Too young' }]);
    expect(
      placeRowErrors(new ApiError(400, 'Invalid', [{ path: 'accounts.0.name', message: 'x' }]), setError as never, 2),
    ).toBeNull();
  });
});
