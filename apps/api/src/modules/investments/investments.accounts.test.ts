import { MAX_INVESTMENT_ACCOUNTS } from '@helo/contract/investments';
import { ledgerAccounts } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import {
  type AccountAnswer,
  accountForm,
  investmentRequests,
  K401,
  PROFILE,
  ROTH,
  TODAY,
} from './investment-requests.test-helpers.ts';
import { NO_ACCOUNT, NO_PROFILE, STALE_ACCOUNT, TOO_MANY_ACCOUNTS } from './investments.service.ts';

const t = useTestApp();
const api = investmentRequests(t);
type Account = AccountAnswer & Record<string, unknown>;

const HSA = { name: 'HSA', kind: 'hsa', balance: 3000, monthly_contribution: 100, expected_return_percent: 5 };

describe('accounts: POST /accounts, PUT|DELETE /accounts/{id}', () => {
  it('adds an account after the others, with its first snapshot, and answers the whole profile', async () => {
    const { token, investment } = await api.userWithProfile();
    const res = await api.addAccount(token, HSA);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().message).toBe('Account added');
    const data = res.json().data;
    expect(data.accounts.map((a: Account) => a.name)).toEqual(['Work 401k', 'Roth IRA', 'HSA']);
    expect(data.accounts[2]).toMatchObject({
      kind: 'hsa',
      balance: 3000,
      employer_monthly_contribution: 0,
      snapshots: [{ date: TODAY, balance: 3000 }],
      version: 1,
    });
    expect(data).toMatchObject({ total_balance: 65000.5, monthly_contributions: 1050, version: investment.version });
    expect(data.projection.accounts).toHaveLength(3);
    expect(data.projection.accounts[2].account_id).toBe(data.accounts[2].id);
    expect((await api.get(token)).json().data).toEqual(data);
  });

  it("answers 404 'No investment profile yet' for an account before setup, and saves nothing", async () => {
    const { token } = await api.newUser();
    const res = await api.addAccount(token, HSA);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NO_PROFILE });
    expect((await api.get(token)).statusCode).toBe(404);
  });

  it(`refuses account ${MAX_INVESTMENT_ACCOUNTS + 1} with a 409, and takes one again after a delete`, async () => {
    const { token } = await api.userWithProfile({ ...PROFILE, accounts: Array.from({ length: 29 }, () => HSA) });
    const last = await api.ok(api.addAccount(token, { ...HSA, name: 'Thirtieth' }));
    expect(last.accounts).toHaveLength(MAX_INVESTMENT_ACCOUNTS);
    expect(last.accounts.at(-1)?.name).toBe('Thirtieth');
    const refused = await api.addAccount(token, { ...HSA, name: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: TOO_MANY_ACCOUNTS });
    expect(TOO_MANY_ACCOUNTS).toBe('You can track at most 30 accounts. Delete one you no longer need to add another.');
    expect((await api.get(token)).json().data.accounts).toHaveLength(MAX_INVESTMENT_ACCOUNTS);
    await api.ok(api.deleteAccount(token, last.accounts[0]?.id ?? ''));
    expect((await api.addAccount(token, { ...HSA, name: 'Room again' })).statusCode).toBe(201);
  });

  describe('PUT /accounts/{id}', () => {
    it('changes every field, counts it in version, and leaves the other accounts and the profile alone', async () => {
      const { token, investment, accounts } = await api.userWithProfile();
      const account = accounts[1] as Account;
      t().clock.advance(60_000);
      const res = await api.updateAccount(
        token,
        account.id,
        accountForm(account, {
          name: 'Brokerage',
          kind: 'brokerage',
          monthly_contribution: 300,
          employer_monthly_contribution: 25.5,
          expected_return_percent: -3.25,
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Account updated');
      const data = res.json().data;
      expect(data.accounts[1]).toEqual({
        ...account,
        name: 'Brokerage',
        kind: 'brokerage',
        monthly_contribution: 300,
        employer_monthly_contribution: 25.5,
        expected_return_percent: -3.25,
        version: 2,
        updated_at: t().clock.now().toISOString(),
      });
      expect(data.accounts[0]).toEqual(investment.accounts[0]);
      expect(data).toMatchObject({ version: 1, monthly_contributions: 500 + 250 + 300 + 25.5 });
      // The projection follows the new return and contributions, from the same balance today.
      expect(data.projection.accounts[1].rows[0].nominal).toBe(12000.5);
      expect(data.projection.accounts[1].at_retirement.nominal).not.toBe(
        investment.projection.accounts[1].at_retirement.nominal,
      );
    });

    it('refuses a stale version with a 409 naming another tab, and changes nothing', async () => {
      const { token, accounts } = await api.userWithProfile();
      const account = accounts[0] as Account;
      await api.ok(api.updateAccount(token, account.id, accountForm(account, { balance: 51000 })));
      const before = (await api.get(token)).json().data;
      const res = await api.updateAccount(token, account.id, accountForm(account, { name: 'Stale' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: STALE_ACCOUNT });
      expect(STALE_ACCOUNT).toBe(
        'This account was changed in another tab or device. Reload to see the latest, then make your change again.',
      );
      expect((await api.get(token)).json().data).toEqual(before);
    });
  });

  describe('DELETE /accounts/{id}', () => {
    it('deletes the account, its money leaving the ledger account it had, and answers the profile without it', async () => {
      const { token, accounts } = await api.userWithProfile();
      const [first, second] = accounts as Account[];
      const res = await api.deleteAccount(token, first?.id ?? '', 1);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Account deleted');
      const data = res.json().data;
      expect(data.accounts.map((a: Account) => a.id)).toEqual([second?.id]);
      expect(data).toMatchObject({ total_balance: 12000.5, monthly_contributions: 200 });
      expect(data.projection.accounts.map((p: { account_id: string }) => p.account_id)).toEqual([second?.id]);
      const left = await t()
        .database.db.select({ balanceCents: ledgerAccounts.balanceCents })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.subjectId, first?.id ?? ''));
      expect(left).toEqual([{ balanceCents: 0 }]);
      expect((await api.deleteAccount(token, first?.id ?? '')).statusCode).toBe(404);
      expect((await api.updateAccount(token, first?.id ?? '', accountForm(first as Account))).json()).toEqual({
        message: NO_ACCOUNT,
      });
    });

    it('refuses a stale version with a 409 and keeps the account; without a version it deletes whatever changed', async () => {
      const { token, accounts } = await api.userWithProfile();
      const account = accounts[0] as Account;
      await api.ok(api.updateAccount(token, account.id, accountForm(account, { balance: 1 })));
      const stale = await api.deleteAccount(token, account.id, 1);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: STALE_ACCOUNT });
      expect((await api.get(token)).json().data.accounts).toHaveLength(2);
      expect((await api.deleteAccount(token, account.id)).statusCode).toBe(200);
    });

    it('can delete the last account: the profile stays, with nothing to project', async () => {
      const { token, accounts } = await api.userWithProfile({ ...PROFILE, accounts: [K401] });
      const data = await api.ok(api.deleteAccount(token, accounts[0]?.id ?? ''));
      expect(data).toMatchObject({ accounts: [], total_balance: 0 });
      const read = (await api.get(token)).json().data;
      expect(read.projection.total.at_retirement).toEqual({ nominal: 0, real: 0, monthly_income: 0 });
      expect(read.projection.total.rows).toHaveLength(26);
      expect((await api.addAccount(token, ROTH)).statusCode).toBe(201);
    });
  });
});
