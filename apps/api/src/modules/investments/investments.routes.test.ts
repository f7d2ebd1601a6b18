import { centsToDollars } from '@helo/finance/cents';
import { retirementProjection } from '@helo/finance/retirement';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { accountForm, investmentRequests, K401, PROFILE, ROTH, TODAY } from './investment-requests.test-helpers.ts';
import { NO_PROFILE, PROFILE_EXISTS, STALE_PROFILE } from './investments.service.ts';

const t = useTestApp();
const api = investmentRequests(t);

describe('GET/POST/PUT /v1/user-investment', () => {
  it("answers 404 'No investment profile yet' before setup, and the whole profile after it", async () => {
    const { token } = await api.newUser();
    const none = await api.get(token);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: NO_PROFILE });
    expect(none.headers['cache-control']).toBe('no-store');

    const res = await api.create(token);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().message).toBe('Retirement plan saved');
    const data = res.json().data;
    expect(data).toMatchObject({
      birth_year: 1986,
      current_age: 40,
      retirement_age: 65,
      inflation_percent: 2.5,
      version: 1,
      total_balance: 62000.5,
      // $500 + $250 from the employer + $200.
      monthly_contributions: 950,
      created_at: '2026-11-21T12:00:00.000Z',
    });
    expect(data.accounts).toEqual([
      {
        id: expect.any(String),
        name: 'Work 401k',
        kind: '401k',
        balance: 50000,
        monthly_contribution: 500,
        employer_monthly_contribution: 250,
        expected_return_percent: 7,
        snapshots: [{ date: TODAY, balance: 50000 }],
        version: 1,
        created_at: '2026-11-21T12:00:00.000Z',
        updated_at: '2026-11-21T12:00:00.000Z',
      },
      {
        id: expect.any(String),
        name: 'Roth IRA',
        kind: 'roth_ira',
        balance: 12000.5,
        monthly_contribution: 200,
        // Left out: no employer match.
        employer_monthly_contribution: 0,
        expected_return_percent: 6.5,
        snapshots: [{ date: TODAY, balance: 12000.5 }],
        version: 1,
        // A millisecond after the first, so the list keeps the order they were entered in.
        created_at: '2026-11-21T12:00:00.001Z',
        updated_at: '2026-11-21T12:00:00.001Z',
      },
    ]);
    const read = await api.get(token);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json()).toEqual({ data });
  });

  it('answers the projection of @helo/finance/retirement in dollars, per account and in total', async () => {
    const { investment } = await api.userWithProfile({ ...PROFILE, inflation_percent: 3 });
    const expected = retirementProjection({
      currentAge: 40,
      retirementAge: 65,
      inflationPercent: 3,
      accounts: [
        { balanceCents: 5_000_000, monthlyContributionCents: 75_000, annualReturnPercent: 7 },
        { balanceCents: 1_200_050, monthlyContributionCents: 20_000, annualReturnPercent: 6.5 },
      ] as never,
    });
    const total = investment.projection.total;
    expect(total.rows).toHaveLength(26);
    expect(total.rows[0]).toEqual({ age: 40, nominal: 62000.5, real: 62000.5 });
    expect(total.rows.at(-1).age).toBe(65);
    expect(total.rows).toEqual(
      expected.total.rows.map((r) => ({
        age: r.age,
        nominal: centsToDollars(r.nominalCents),
        real: centsToDollars(r.realCents),
      })),
    );
    expect(total.at_retirement).toEqual({
      nominal: centsToDollars(expected.total.atRetirement.nominalCents),
      real: centsToDollars(expected.total.atRetirement.realCents),
      monthly_income: centsToDollars(expected.total.atRetirement.monthlyIncomeRealCents),
    });
    // 4 % a year of the real value, ÷ 12, rounded down to the cent.
    const realCents = Math.round(total.at_retirement.real * 100);
    expect(Math.round(total.at_retirement.monthly_income * 100)).toBe(Math.floor(realCents / 300));
    expect(investment.projection.accounts.map((p: { account_id: string }) => p.account_id)).toEqual(
      investment.accounts.map((a: { id: string }) => a.id),
    );
    expect(investment.projection.accounts[1].at_retirement.nominal).toBe(
      centsToDollars(expected.accounts[1]?.atRetirement.nominalCents as never),
    );
    // The first year by hand: 12 months of interest at 1.07^(1/12) − 1 on $50,000, each month's
    // interest rounded to the cent, then $750 added.
    let balance = 5_000_000;
    const rate = 1.07 ** (1 / 12) - 1;
    for (let m = 0; m < 12; m++) balance += Math.round(balance * rate) + 75_000;
    expect(investment.projection.accounts[0].rows[1]).toMatchObject({ age: 41, nominal: balance / 100 });
  });

  it('refuses a second setup with a 409 and keeps the first', async () => {
    const { token, investment } = await api.userWithProfile();
    const again = await api.create(token, { ...PROFILE, birth_year: 1990, accounts: [ROTH] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: PROFILE_EXISTS });
    expect((await api.get(token)).json().data).toEqual(investment);
  });

  describe('PUT', () => {
    it('changes birth year, retirement age and inflation, counts it in version, and keeps the accounts', async () => {
      const { token, investment } = await api.userWithProfile();
      t().clock.advance(60_000);
      const res = await api.update(token, {
        birth_year: 1980,
        retirement_age: 67,
        inflation_percent: 3.25,
        version: 1,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Retirement plan updated');
      const data = res.json().data;
      expect(data).toMatchObject({
        birth_year: 1980,
        current_age: 46,
        retirement_age: 67,
        inflation_percent: 3.25,
        version: 2,
        updated_at: t().clock.now().toISOString(),
        created_at: investment.created_at,
        accounts: investment.accounts,
      });
      expect(data.projection.total.rows.map((r: { age: number }) => r.age)).toEqual(
        Array.from({ length: 22 }, (_, i) => 46 + i),
      );
      // Inflation left out is the default again.
      const back = await api.update(token, { birth_year: 1980, retirement_age: 67, version: 2 });
      expect(back.json().data).toMatchObject({ inflation_percent: 2.5, version: 3 });
      expect((await api.get(token)).json().data).toEqual(back.json().data);
    });

    it('refuses a stale version with a 409 and changes nothing', async () => {
      const { token } = await api.userWithProfile();
      await api.ok(api.update(token, { birth_year: 1986, retirement_age: 60, version: 1 }));
      const before = (await api.get(token)).json().data;
      const res = await api.update(token, { birth_year: 1986, retirement_age: 70, version: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: STALE_PROFILE });
      expect(STALE_PROFILE).toMatch(/changed in another tab or device\. Reload/);
      expect((await api.get(token)).json().data).toEqual(before);
    });

    it('answers 404 before setup', async () => {
      const { token } = await api.newUser();
      const res = await api.update(token, { birth_year: 1986, retirement_age: 65, version: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: NO_PROFILE });
      expect((await api.get(token)).statusCode).toBe(404);
    });
  });

  it("never shows, changes or deletes another user's profile or accounts: 404", async () => {
    const a = await api.userWithProfile();
    const b = await api.newUser();
    const aBefore = (await api.get(a.token)).json().data;

    // B has no profile: B's reads and writes of "the" profile are B's own, never A's.
    const read = await api.get(b.token);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Work 401k');
    expect((await api.update(b.token, { birth_year: 1950, retirement_age: 80, version: 1 })).statusCode).toBe(404);
    const account = a.accounts[0] as (typeof a.accounts)[0] & Record<string, unknown>;
    const put = await api.updateAccount(b.token, account.id, accountForm(account, { balance: 1 }));
    expect(put.statusCode).toBe(404);
    expect((await api.deleteAccount(b.token, account.id)).statusCode).toBe(404);
    expect((await api.deleteAccount(b.token, account.id, 1)).statusCode).toBe(404);

    // With a profile of B's own, A's account ids are still unknown to B.
    const bOwn = await api.ok(api.create(b.token, { ...PROFILE, accounts: [{ ...K401, name: 'B 401k' }] }));
    expect(JSON.stringify(bOwn)).not.toContain(account.id);
    const put2 = await api.updateAccount(b.token, account.id, accountForm(account, { balance: 1 }));
    expect(put2.statusCode).toBe(404);
    expect(put2.json()).toEqual({ message: 'Account not found' });
    expect((await api.deleteAccount(b.token, account.id)).statusCode).toBe(404);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' OR '1'='1"]) {
      const url = encodeURIComponent(id);
      expect((await api.updateAccount(b.token, url, accountForm(account))).statusCode).toBe(404);
      expect((await api.deleteAccount(b.token, url)).statusCode).toBe(404);
    }
    expect((await api.get(a.token)).json().data).toEqual(aBefore);
    // B's own account works.
    const bAccount = bOwn.accounts[0] as (typeof bOwn.accounts)[0] & Record<string, unknown>;
    expect((await api.updateAccount(b.token, bAccount.id, accountForm(bAccount, { balance: 2 }))).statusCode).toBe(200);
  });

  it("counts the age in New York's year: on 31 Dec at 11:30 pm there it is still this year's", async () => {
    const { email } = await api.userWithProfile();
    const now = t().clock.now().getTime();
    // 04:30 UTC on 1 Jan 2027 is 11:30 pm on 31 Dec 2026 in New York.
    t().clock.advance(Date.parse('2027-01-01T04:30:00Z') - now);
    const token = await api.signIn(email);
    const lateRes = await api.get(token);
    expect(lateRes.statusCode, lateRes.body).toBe(200);
    const late = lateRes.json().data;
    expect(late.current_age).toBe(40);
    expect(late.projection.total.rows[0].age).toBe(40);
    t().clock.advance(60 * 60 * 1000);
    const later = await api.signIn(email); // an access token lasts 15 minutes
    const next = (await api.get(later)).json().data;
    expect(next.current_age).toBe(41);
    expect(next.projection.total.rows.map((r: { age: number }) => r.age)).toEqual(
      Array.from({ length: 25 }, (_, i) => 41 + i),
    );
    // The saved profile still reads; a save asks for a retirement age above the new age.
    const res = await api.update(later, { birth_year: 1986, retirement_age: 41, version: 1 });
    expect(res.json().errors).toEqual([
      { path: 'retirement_age', message: 'Retirement age must be above your current age (41)' },
    ]);
  });

  it('asks for a session', async () => {
    const account = { ...K401, version: 1 };
    for (const [method, url, payload] of [
      ['GET', '', undefined],
      ['POST', '', PROFILE],
      ['PUT', '', { birth_year: 1986, retirement_age: 65, version: 1 }],
      ['POST', '/accounts', K401],
      ['PUT', '/accounts/00000000-0000-4000-8000-000000000000', account],
      ['DELETE', '/accounts/00000000-0000-4000-8000-000000000000', undefined],
    ] as const) {
      const res = await t().app.inject({
        method,
        url: `/api/v1/user-investment${url}`,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
