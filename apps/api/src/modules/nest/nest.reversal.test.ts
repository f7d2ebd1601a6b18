import { ledgerJournals, notifications } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { balances, income, nestRequests, TODAY } from './nest-requests.test-helpers.ts';

const t = useTestApp();
const api = nestRequests(t);
const MADE_BY_NEST = 'This deposit came from the Money Nest; reverse it there';

/** Every journal of the user's ledger (a refused reversal writes none). */
const journalsOf = async (userId: string) =>
  t().database.db.select().from(ledgerJournals).where(eq(ledgerJournals.userId, userId));
/** The Nest's list, as GET /v1/nest/entries answers it. */
const nestEntriesOf = async (token: string) => (await api.entries(token)).json().data as unknown[];

/** The issue's rules and a $2,500 deposit: fund $440, goal $300, Wallet $1,760. */
async function userWithDeposit() {
  const user = await api.userWithIssueRules();
  const { deposit } = await api.ok(api.deposit(user.token, income(2500, 'November salary')));
  t().clock.advance(60_000);
  return { ...user, deposit };
}

describe('reversing a deposit', () => {
  it("reverses the deposit's journal: a negative entry per share, each share taken back out of its account, marked reversed", async () => {
    const user = await userWithDeposit();
    const res = await api.reverse(user.token, user.deposit.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Deposit reversed');
    const { deposit, nest } = res.json().data;
    expect(deposit.reversed_at).toBe('2026-11-21T12:01:00.000Z');
    expect(deposit.shares).toEqual(user.deposit.shares);
    // The buckets are what the accounts hold: the fund and the goal are back at their starting amounts.
    expect(balances(nest)).toEqual({ Wallet: 0, 'Loan payments': 0, 'Emergency fund': 1000, 'Japan trip': 600 });

    const ledger = (await api.entries(user.token)).json().data as { kind: string; amount: number; name: string }[];
    expect(ledger).toHaveLength(6);
    expect(ledger.filter((e) => e.kind === 'reversal').map((e) => [e.name, e.amount])).toEqual(
      expect.arrayContaining([
        ['Emergency fund', -440],
        ['Japan trip', -300],
        ['Wallet', -1760],
      ]),
    );

    // Nothing was deleted: the fund and the goal list the deposit and its withdrawal.
    const fundEntries = await api.fundEntries(user.token);
    expect(fundEntries.map((e: { kind: string; amount: number; note: string }) => [e.kind, e.amount, e.note])).toEqual([
      ['withdrawal', 440, 'Reversed in the Money Nest: November salary'],
      ['deposit', 440, 'From the Money Nest: November salary'],
    ]);
    expect((await api.fund(user.token)).saved_amount).toBe(1000);
    expect((await api.goalEntries(user.token, user.goalId)).map((e: { kind: string }) => e.kind)).toEqual([
      'withdrawal',
      'deposit',
    ]);
    expect((await api.goal(user.token, user.goalId)).saved_amount).toBe(600);
    expect((await api.get(user.token)).json().data.deposits[0].reversed_at).toBe('2026-11-21T12:01:00.000Z');
  });

  it('a second reversal is a 409 and writes nothing', async () => {
    const user = await userWithDeposit();
    await api.ok(api.reverse(user.token, user.deposit.id));
    const before = await journalsOf(user.userId);
    const again = await api.reverse(user.token, user.deposit.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This deposit was already reversed');
    expect(await journalsOf(user.userId)).toHaveLength(before.length);
    expect((await api.fund(user.token)).saved_amount).toBe(1000);
  });

  it('a goal that spent its share: 409 naming it, and the fund share before it is not taken back either', async () => {
    const user = await userWithDeposit();
    // The goal holds $900 ($600 + $300); taking $850 out leaves $50, less than the $300 share.
    await api.ok(
      api.call(user.token, 'POST', `/api/v1/user-lifestyle-saving/${user.goalId}/entries`, {
        kind: 'withdrawal',
        amount: 850,
        date: TODAY,
      }),
    );
    const res = await api.reverse(user.token, user.deposit.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Japan trip holds $50.00, less than the $300.00 this deposit put in it: it can not be reversed.',
    );
    expect(await nestEntriesOf(user.token)).toHaveLength(3);
    expect((await api.fund(user.token)).saved_amount).toBe(1440);
    expect(await api.fundEntries(user.token)).toHaveLength(1);
    expect((await api.get(user.token)).json().data.deposits[0].reversed_at).toBeNull();
  });

  it('a deleted goal: 409 naming it, nothing written', async () => {
    const user = await userWithDeposit();
    await api.call(user.token, 'DELETE', `/api/v1/user-lifestyle-saving/${user.goalId}`);
    const res = await api.reverse(user.token, user.deposit.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Japan trip was deleted: this deposit can not be reversed.');
    expect(await nestEntriesOf(user.token)).toHaveLength(3);
    expect((await api.fund(user.token)).saved_amount).toBe(1440);
  });

  it('an investment account whose balance fell below its share: 409, the balance kept', async () => {
    const user = await api.userWithTargets();
    await api.ok(
      api.saveRules(user.token, [{ bucket: 'investment', target_id: user.accountId, kind: 'fixed', value: 500 }], 1),
    );
    const { deposit } = await api.ok(api.deposit(user.token, income(500)));
    const account = (await api.investment(user.token)).accounts[0];
    expect(account.balance).toBe(12500);
    await api.ok(
      api.call(user.token, 'PUT', `/api/v1/user-investment/accounts/${user.accountId}`, {
        name: account.name,
        kind: account.kind,
        balance: 100,
        monthly_contribution: account.monthly_contribution,
        employer_monthly_contribution: account.employer_monthly_contribution,
        expected_return_percent: account.expected_return_percent,
        version: account.version,
      }),
    );
    const res = await api.reverse(user.token, deposit.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Roth IRA holds $100.00, less than the $500.00 this deposit put in it: it can not be reversed.',
    );
    expect((await api.investment(user.token)).accounts[0].balance).toBe(100);
  });

  it('an investment share is taken back out of the account', async () => {
    const user = await api.userWithTargets();
    await api.ok(
      api.saveRules(user.token, [{ bucket: 'investment', target_id: user.accountId, kind: 'percent', value: 10 }], 1),
    );
    const { deposit } = await api.ok(api.deposit(user.token, income(1000)));
    expect((await api.investment(user.token)).accounts[0].balance).toBe(12100);
    const { nest } = await api.ok(api.reverse(user.token, deposit.id));
    expect(balances(nest)).toMatchObject({ 'Roth IRA': 12000, Wallet: 0 });
    expect((await api.investment(user.token)).accounts[0].balance).toBe(12000);
  });
});

describe("entries the Nest made in the fund's and goals' ledgers", () => {
  it('can not be deleted there (409), before or after the reversal', async () => {
    const user = await userWithDeposit();
    const fundEntry = (await api.fundEntries(user.token))[0];
    const goalEntry = (await api.goalEntries(user.token, user.goalId))[0];
    const delFund = () => api.call(user.token, 'DELETE', `/api/v1/user-emergency-fund/entries/${fundEntry.id}`);
    const delGoal = () =>
      api.call(user.token, 'DELETE', `/api/v1/user-lifestyle-saving/${user.goalId}/entries/${goalEntry.id}`);
    for (const res of [await delFund(), await delGoal()]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MADE_BY_NEST);
    }
    await api.ok(api.reverse(user.token, user.deposit.id));
    const withdrawal = (await api.fundEntries(user.token))[0];
    const res = await api.call(user.token, 'DELETE', `/api/v1/user-emergency-fund/entries/${withdrawal.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MADE_BY_NEST);
    expect(await api.fundEntries(user.token)).toHaveLength(2);
  });

  it("a share that takes a goal past a milestone announces it, as the goal's own deposit would", async () => {
    const user = await api.userWithTargets();
    await api.ok(
      api.saveRules(user.token, [{ bucket: 'goal', target_id: user.goalId, kind: 'fixed', value: 1000 }], 1),
    );
    await api.ok(api.deposit(user.token, income(1000)));
    const notes = await t().database.db.select().from(notifications).where(eq(notifications.userId, user.userId));
    // $600 + $1,000 = $1,600 of $6,000: past 25 %.
    expect(notes.map((n) => n.title).filter((title) => title.startsWith('Japan trip'))).toEqual([
      'Japan trip: 25 % there',
    ]);
  });
});

describe('the Wallet share of a reversal', () => {
  it('a deposit whose Wallet share My Wallet has spent is a 409 naming the Wallet, and My Wallet stays as it is', async () => {
    const user = await userWithDeposit();
    // The Wallet got $1,760; spending $1,700 of it in My Wallet leaves $60.
    await api.ok(
      api.call(user.token, 'POST', '/api/v1/wallet/transactions', { amount: -1700, date: TODAY, payee: 'Rent' }),
    );
    const wallet = async () => (await api.ok(api.call(user.token, 'GET', '/api/v1/wallet/summary'))).balance;
    expect(await wallet()).toBe(60);
    const res = await api.reverse(user.token, user.deposit.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Wallet holds $60.00, less than the $1,760.00 this deposit put in it: it can not be reversed.',
    );
    expect(await wallet()).toBe(60);
    expect((await api.fund(user.token)).saved_amount).toBe(1440);
    expect((await api.get(user.token)).json().data.deposits[0].reversed_at).toBeNull();
  });

  it('a Wallet that still holds its share gives it back, though it was spent from and refilled', async () => {
    const user = await userWithDeposit();
    const spend = (amount: number, payee: string) =>
      api.ok(api.call(user.token, 'POST', '/api/v1/wallet/transactions', { amount, date: TODAY, payee }));
    await spend(-100, 'Market');
    await spend(150, 'Refund');
    // My Wallet holds $1,810, more than the $1,760 share.
    const { nest } = await api.ok(api.reverse(user.token, user.deposit.id));
    // The Nest's Wallet is My Wallet's account: what it still holds after the share went back.
    expect(balances(nest).Wallet).toBe(50);
    expect((await api.ok(api.call(user.token, 'GET', '/api/v1/wallet/summary'))).balance).toBe(50);
  });
});
