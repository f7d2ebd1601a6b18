import { ACCOUNT_NAME_MAX, MAX_INVESTMENT_ACCOUNTS } from '@helo/contract/investments';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { accountForm, investmentRequests, K401, PROFILE, ROTH } from './investment-requests.test-helpers.ts';
import { AGE_TOO_FAR, RETURN_TOO_HIGH } from './investments.service.ts';

const t = useTestApp();
const api = investmentRequests(t);

type Case = [string, Record<string, unknown>, string];

/** Each bad value of an account's fields, and the field it names (today is 21 Nov 2026). */
const money = ['balance', 'monthly_contribution', 'employer_monthly_contribution'] as const;
const accountCases: Case[] = [
  ['name missing', { name: undefined }, 'name'],
  ['name a number', { name: 5 }, 'name'],
  ['name empty', { name: '' }, 'name'],
  ['name only spaces', { name: '   ' }, 'name'],
  ['name too long', { name: 'x'.repeat(ACCOUNT_NAME_MAX + 1) }, 'name'],
  ['name with NUL', { name: 'Work\u0000401k' }, 'name'],
  ['name with a line break', { name: 'Work\n401k' }, 'name'],
  ['name with a control character', { name: 'Work\u0007401k' }, 'name'],
  ['name with a lone surrogate', { name: 'Work \ud800' }, 'name'],
  ['kind missing', { kind: undefined }, 'kind'],
  ['kind unknown', { kind: '403b' }, 'kind'],
  ['kind a number', { kind: 401 }, 'kind'],
  ...money.flatMap((field): Case[] => [
    [`${field} a string`, { [field]: '100' }, field],
    [`${field} negative`, { [field]: -1 }, field],
    [`${field} over $10 billion`, { [field]: 1e10 + 1 }, field],
    [`${field} with three decimals`, { [field]: 10.005 }, field],
    [`${field} a boolean`, { [field]: true }, field],
  ]),
  ['balance missing', { balance: undefined }, 'balance'],
  ['balance null', { balance: null }, 'balance'],
  ['monthly_contribution missing', { monthly_contribution: undefined }, 'monthly_contribution'],
  ['expected_return_percent missing', { expected_return_percent: undefined }, 'expected_return_percent'],
  ['expected_return_percent null', { expected_return_percent: null }, 'expected_return_percent'],
  ['expected_return_percent a string', { expected_return_percent: '7' }, 'expected_return_percent'],
  ['expected_return_percent below -50', { expected_return_percent: -50.01 }, 'expected_return_percent'],
  ['expected_return_percent above 50', { expected_return_percent: 50.01 }, 'expected_return_percent'],
  ['expected_return_percent with three decimals', { expected_return_percent: 7.125 }, 'expected_return_percent'],
  ['balance_on not a date', { balance_on: 'last month' }, 'balance_on'],
  ['balance_on not on the calendar', { balance_on: '2026-02-30' }, 'balance_on'],
  ['balance_on a number', { balance_on: 20261121 }, 'balance_on'],
  ['balance_on with NUL', { balance_on: '2026-11-01\u0000' }, 'balance_on'],
  // Today is 2026-11-21 in New York on the test clock; tomorrow is allowed (east of New York), not the day after.
  ['balance_on the day after tomorrow', { balance_on: '2026-11-23' }, 'balance_on'],
];

/** Each bad value of the profile's fields (born in 2008 the user is 18, in 1926 they are 100). */
const profileCases: Case[] = [
  ['birth_year missing', { birth_year: undefined }, 'birth_year'],
  ['birth_year a string', { birth_year: '1986' }, 'birth_year'],
  ['birth_year a fraction', { birth_year: 1986.5 }, 'birth_year'],
  ['birth_year 1899', { birth_year: 1899 }, 'birth_year'],
  ['birth_year 2200', { birth_year: 2200 }, 'birth_year'],
  ['birth_year making the user 17', { birth_year: 2009 }, 'birth_year'],
  ['birth_year making the user 101', { birth_year: 1925 }, 'birth_year'],
  ['birth_year in the future', { birth_year: 2030 }, 'birth_year'],
  ['retirement_age missing', { retirement_age: undefined }, 'retirement_age'],
  ['retirement_age a string', { retirement_age: '65' }, 'retirement_age'],
  ['retirement_age a fraction', { retirement_age: 65.5 }, 'retirement_age'],
  ['retirement_age 17', { retirement_age: 17 }, 'retirement_age'],
  ['retirement_age 101', { retirement_age: 101 }, 'retirement_age'],
  ['retirement_age the current age', { retirement_age: 40 }, 'retirement_age'],
  ['retirement_age below the current age', { retirement_age: 30 }, 'retirement_age'],
  ['inflation_percent negative', { inflation_percent: -0.01 }, 'inflation_percent'],
  ['inflation_percent above 20', { inflation_percent: 20.01 }, 'inflation_percent'],
  ['inflation_percent a string', { inflation_percent: '2.5' }, 'inflation_percent'],
  ['inflation_percent with three decimals', { inflation_percent: 2.555 }, 'inflation_percent'],
];

const versionCases: Case[] = [
  ['version missing', { version: undefined }, 'version'],
  ['version 0', { version: 0 }, 'version'],
  ['version a string', { version: '1' }, 'version'],
  ['version a fraction', { version: 1.5 }, 'version'],
];

const paths = (res: { json: () => { errors?: { path: string }[] } }) =>
  new Set((res.json().errors ?? []).map((e) => e.path));

describe('validation: each bad field is a 400 naming it, and nothing is saved', () => {
  it.each([
    ...profileCases,
    ...accountCases.map(([name, change, field]): Case => [`second account: ${name}`, change, `accounts.1.${field}`]),
    ['accounts missing', { accounts: undefined }, 'accounts'],
    ['accounts not a list', { accounts: K401 }, 'accounts'],
    ['accounts empty', { accounts: [] }, 'accounts'],
    [
      `${MAX_INVESTMENT_ACCOUNTS + 1} accounts`,
      { accounts: Array.from({ length: MAX_INVESTMENT_ACCOUNTS + 1 }, () => K401) },
      'accounts',
    ],
  ] as Case[])('POST: %s', async (name, change, field) => {
    const { token } = await api.newUser();
    const body = name.startsWith('second account')
      ? { ...PROFILE, accounts: [K401, { ...ROTH, ...change }] }
      : { ...PROFILE, ...change };
    const res = await api.create(token, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res)).toEqual(new Set([field]));
    expect((await api.get(token)).statusCode).toBe(404);
  });

  it.each([...profileCases.filter(([, change]) => !('accounts' in change)), ...versionCases])(
    'PUT: %s',
    async (_name, change, field) => {
      const { token, investment } = await api.userWithProfile();
      const res = await api.update(token, { birth_year: 1986, retirement_age: 65, version: 1, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(paths(res)).toEqual(new Set([field]));
      expect((await api.get(token)).json().data).toEqual(investment);
    },
  );

  it.each(accountCases)('POST /accounts: %s', async (_name, change, field) => {
    const { token, investment } = await api.userWithProfile();
    const res = await api.addAccount(token, { ...ROTH, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res)).toEqual(new Set([field]));
    expect((await api.get(token)).json().data).toEqual(investment);
  });

  it.each([...accountCases, ...versionCases])('PUT /accounts/{id}: %s', async (_name, change, field) => {
    const { token, investment, accounts } = await api.userWithProfile();
    const account = accounts[0] as (typeof accounts)[0] & Record<string, unknown>;
    const res = await api.updateAccount(token, account.id, { ...accountForm(account, { balance: 1 }), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res)).toEqual(new Set([field]));
    expect((await api.get(token)).json().data).toEqual(investment);
  });

  it.each([
    ['a word', 'abc'],
    ['0', '0'],
    ['a fraction', '1.5'],
  ])('DELETE /accounts/{id}?version= %s', async (_name, version) => {
    const { token, investment, accounts } = await api.userWithProfile();
    const res = await api.call(token, 'DELETE', `/accounts/${accounts[0]?.id}?version=${version}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res)).toEqual(new Set(['version']));
    expect((await api.get(token)).json().data).toEqual(investment);
  });

  it('names the field in words a person can act on', async () => {
    const { token } = await api.newUser();
    const cases: [Record<string, unknown>, { path: string; message: string }][] = [
      [
        { birth_year: 2010 },
        { path: 'birth_year', message: 'Your age this year would be 16: it must be between 18 and 100' },
      ],
      [{ birth_year: 2030 }, { path: 'birth_year', message: 'Birth year can not be in the future' }],
      [
        { birth_year: 1925 },
        { path: 'birth_year', message: 'Your age this year would be 101: it must be between 18 and 100' },
      ],
      [
        { retirement_age: 40 },
        { path: 'retirement_age', message: 'Retirement age must be above your current age (40)' },
      ],
      [
        { accounts: [K401, { ...ROTH, balance_on: '2026-12-01' }] },
        { path: 'accounts.1.balance_on', message: 'Balance date must be today or earlier' },
      ],
      [{ accounts: [] }, { path: 'accounts', message: 'Add at least one account' }],
      [
        { accounts: Array.from({ length: 31 }, () => K401) },
        { path: 'accounts', message: 'You can track at most 30 accounts' },
      ],
      [
        { accounts: [{ ...K401, expected_return_percent: 51 }] },
        { path: 'accounts.0.expected_return_percent', message: 'Expected return must be between -50 % and 50 %' },
      ],
      [
        { accounts: [{ ...K401, name: 'a\u0000b' }] },
        { path: 'accounts.0.name', message: 'Name contains a character that is not allowed' },
      ],
      [
        { accounts: [{ ...K401, name: 'a\tb' }] },
        { path: 'accounts.0.name', message: 'Name can not contain line breaks or control characters' },
      ],
    ];
    for (const [change, error] of cases) {
      const res = await api.create(token, { ...PROFILE, ...change });
      expect(res.json().errors, JSON.stringify(change)).toEqual([error]);
    }
    // A row's field is named the way the form numbers rows.
    const row = await api.create(token, { ...PROFILE, accounts: [K401, { ...ROTH, balance_on: '2026-12-01' }] });
    expect(row.json().message).toBe('Row 2: Balance date must be today or earlier');
  });

  it('takes the edges: ages 18 and 100, returns of -50 % and 50 %, 0 % and 20 % inflation, a name of 80 characters, balance_on today', async () => {
    const { token } = await api.newUser();
    const res = await api.create(token, {
      birth_year: 2008,
      retirement_age: 19,
      inflation_percent: 20,
      accounts: [
        { ...K401, name: ` ${'é'.repeat(ACCOUNT_NAME_MAX)} `, expected_return_percent: -50, balance_on: '2026-11-21' },
        { ...ROTH, expected_return_percent: 50, employer_monthly_contribution: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ current_age: 18, inflation_percent: 20 });
    expect(res.json().data.accounts[0].name).toBe('é'.repeat(ACCOUNT_NAME_MAX));
    const older = await api.update(token, { birth_year: 1927, retirement_age: 100, inflation_percent: 0, version: 1 });
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json().data).toMatchObject({ current_age: 99, retirement_age: 100, inflation_percent: 0 });
  });

  describe('a projection too large to count in cents is refused at the field that caused it', () => {
    const huge = { ...K401, balance: 10_000_000_000, monthly_contribution: 0, employer_monthly_contribution: 0 };

    it("POST: an account's return, or the retirement age when only the total overflows", async () => {
      const { token } = await api.newUser();
      const tooHigh = await api.create(token, {
        birth_year: 2008,
        retirement_age: 100,
        accounts: [ROTH, { ...huge, expected_return_percent: 50 }],
      });
      expect(tooHigh.statusCode).toBe(400);
      expect(tooHigh.json().errors).toEqual([{ path: 'accounts.1.expected_return_percent', message: RETURN_TOO_HIGH }]);
      // $10 billion at 11 % for 82 years fits (about $52 trillion); two of them do not.
      const one = { ...huge, expected_return_percent: 11 };
      const total = await api.create(token, { birth_year: 2008, retirement_age: 100, accounts: [one, one] });
      expect(total.statusCode).toBe(400);
      expect(total.json().errors).toEqual([{ path: 'retirement_age', message: AGE_TOO_FAR }]);
      expect((await api.get(token)).statusCode).toBe(404);
      expect((await api.create(token, { birth_year: 2008, retirement_age: 100, accounts: [one] })).statusCode).toBe(
        201,
      );
    });

    it('PUT: the retirement age', async () => {
      const { token } = await api.userWithProfile({
        birth_year: 2008,
        retirement_age: 19,
        accounts: [{ ...huge, expected_return_percent: 50 }],
      });
      const later = await api.update(token, { birth_year: 2008, retirement_age: 100, version: 1 });
      expect(later.statusCode).toBe(400);
      expect(later.json().errors).toEqual([{ path: 'retirement_age', message: AGE_TOO_FAR }]);
      expect((await api.get(token)).json().data.retirement_age).toBe(19);
    });

    it('account writes: the expected return', async () => {
      const { token, investment, accounts } = await api.userWithProfile({
        birth_year: 2008,
        retirement_age: 100,
        accounts: [{ ...ROTH, expected_return_percent: 0 }],
      });
      const added = await api.addAccount(token, { ...huge, expected_return_percent: 50 });
      expect(added.statusCode).toBe(400);
      expect(added.json().errors).toEqual([{ path: 'expected_return_percent', message: RETURN_TOO_HIGH }]);
      const account = accounts[0] as (typeof accounts)[0] & Record<string, unknown>;
      const edited = await api.updateAccount(
        token,
        account.id,
        accountForm(account, { balance: 10_000_000_000, expected_return_percent: 50 }),
      );
      expect(edited.statusCode).toBe(400);
      expect(edited.json().errors).toEqual([{ path: 'expected_return_percent', message: RETURN_TOO_HIGH }]);
      expect((await api.get(token)).json().data).toEqual(investment);
      const fine = await api.updateAccount(token, account.id, accountForm(account, { expected_return_percent: 10 }));
      expect(fine.statusCode, fine.body).toBe(200);
    });
  });
});
