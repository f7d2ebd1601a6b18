import { ledgerAccounts, ledgerJournals, ledgerPostings } from '@helo/db/schema';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { income, nestRequests, TODAY } from '../nest/testing.ts';
import { runLoanPayments } from '../user-debts/testing.ts';

/**
 * Home's net worth against a sum made without Home's code or the balances the triggers keep: every
 * posting of the user's own accounts added up straight from the table, plus My Wallet's
 * transactions (not journals until the wallet-ledger branch lands), after a journal of every kind
 * the fund, goals, investments, loans and the Money Nest post (issue 27).
 */
const t = useTestApp();
const api = nestRequests(t);

const KINDS = {
  investments: ['investment'],
  emergency_fund: ['emergency_fund'],
  goals: ['goal'],
  nest_and_wallet: ['checking', 'savings', 'cash', 'loan_payments'],
  debts: ['loan', 'credit_card'],
} as const;

describe("Home's net worth", () => {
  it('is what the accounts hold less what is owed, after a journal of every kind, to the cent', async () => {
    const user = await api.userWithTargets();
    const { token, userId } = user;
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      api.ok(api.call(token, method, url, payload));

    // The fund: a deposit, a withdrawal, a deleted deposit, a correction in the setup form.
    await call('POST', '/api/v1/user-emergency-fund/entries', { kind: 'deposit', amount: 250.25, date: TODAY });
    await call('POST', '/api/v1/user-emergency-fund/entries', { kind: 'withdrawal', amount: 50, date: TODAY });
    const extra = await call('POST', '/api/v1/user-emergency-fund/entries', {
      kind: 'deposit',
      amount: 9,
      date: TODAY,
    });
    await call('DELETE', `/api/v1/user-emergency-fund/entries/${extra.entry.id}`);
    await call('PUT', '/api/v1/user-emergency-fund', {
      is_saving: true,
      saved_amount: 1300,
      monthly_income: 4000,
      monthly_saving: 200,
      monthly_saving_want: 500,
    });
    // Goals: an entry of each kind, and a second goal holding money, deleted.
    await call('POST', `/api/v1/user-lifestyle-saving/${user.goalId}/entries`, {
      kind: 'deposit',
      amount: 100,
      date: TODAY,
    });
    await call('POST', `/api/v1/user-lifestyle-saving/${user.goalId}/entries`, {
      kind: 'withdrawal',
      amount: 20.5,
      date: TODAY,
    });
    const car = await call('POST', '/api/v1/user-lifestyle-saving', {
      name: 'Car',
      kind: 'car',
      target_amount: 9000,
      saved_amount: 700,
      horizon_years: 3,
    });
    await call('DELETE', `/api/v1/user-lifestyle-saving/${car.id}`);
    // Investments: a balance typed today, a past statement, a second account added and deleted.
    const account = (await api.investment(token)).accounts[0];
    const form = {
      name: account.name,
      kind: account.kind,
      monthly_contribution: account.monthly_contribution,
      expected_return_percent: account.expected_return_percent,
    };
    await call('PUT', `/api/v1/user-investment/accounts/${user.accountId}`, {
      ...form,
      balance: 12_345.67,
      version: account.version,
    });
    await call('PUT', `/api/v1/user-investment/accounts/${user.accountId}`, {
      ...form,
      balance: 11_000,
      balance_on: '2026-10-31',
      version: account.version + 1,
    });
    const added = await call('POST', '/api/v1/user-investment/accounts', { ...form, name: 'Old IRA', balance: 999 });
    await call('DELETE', `/api/v1/user-investment/accounts/${added.accounts[1].id}`);
    // Loans: two opened, one edited by hand, one deleted, one paid by the Nest.
    const loan = {
      debt_id: 1,
      initial_loan_amount: 25_000,
      outstanding_balance: 18_000,
      monthly_payment_amount: 450,
      interest_rate: 6.5,
      due_date: TODAY,
    };
    const [auto] = await call('PUT', '/api/v1/user-debts', {
      debts: [loan, { ...loan, debt_id: 4, outstanding_balance: 3_000, due_date: '2026-12-05' }],
    });
    await call('PUT', '/api/v1/user-debts', { debts: [{ ...loan, id: auto.id, outstanding_balance: 17_500 }] });
    // The Nest: a deposit to every bucket, one reversed; the loan paid from Loan payments.
    const rules = [
      { bucket: 'wallet', kind: 'fixed', value: 25 },
      { bucket: 'loans', kind: 'fixed', value: 600 },
      { bucket: 'emergency_fund', kind: 'percent', value: 10 },
      { bucket: 'goal', target_id: user.goalId, kind: 'percent', value: 5 },
      { bucket: 'investment', target_id: user.accountId, kind: 'fixed', value: 100 },
    ];
    await api.ok(api.saveRules(token, rules, user.nest.rules_version));
    await api.ok(api.deposit(token, income(3_000.03)));
    const { deposit } = await api.ok(api.deposit(token, income(999.99, 'Bonus')));
    await api.ok(api.reverse(token, deposit.id));
    expect(await runLoanPayments({ db: t().database.db, clock: t().clock })).toEqual({ paid: 1, short: 0 });
    // My Wallet: spending.
    await call('POST', '/api/v1/wallet/transactions', { amount: -123.45, date: TODAY, payee: 'Market' });

    const db = t().database.db;
    expect(await ledgerInvariants(db, userId)).toEqual(HOLDS);
    const journalKinds = await db
      .selectDistinct({ kind: ledgerJournals.kind })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.userId, userId));
    expect(journalKinds.map((j) => j.kind).sort()).toEqual(
      [
        'investment.closed',
        'investment.opening',
        'investment.valuation',
        'loan.adjustment',
        'loan.closed',
        'loan.opening',
        'loan.payment',
        'nest.deposit',
        'nest.reversal',
        'savings.closed',
        'savings.correction',
        'savings.deleted',
        'savings.deposit',
        'savings.opening',
        'savings.withdrawal',
        'wallet.transaction',
      ].sort(),
    );

    // The independent sum: each account kind's postings, from the postings themselves.
    const sums = await db
      .select({ kind: ledgerAccounts.kind, cents: sql<string>`sum(${ledgerPostings.amountCents})` })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(eq(ledgerPostings.userId, userId))
      .groupBy(ledgerAccounts.kind);
    const byKind = (kinds: readonly string[]) =>
      sums.filter((s) => kinds.includes(s.kind)).reduce((total, s) => total + Number(s.cents), 0);
    const parts = {
      investments: byKind(KINDS.investments),
      emergency_fund: byKind(KINDS.emergency_fund),
      goals: byKind(KINDS.goals),
      nest_and_wallet: byKind(KINDS.nest_and_wallet),
      debts: -byKind(KINDS.debts),
    };

    const home = (await t().app.inject({ method: 'GET', url: '/api/v1/home', headers: bearer(token) })).json().data;
    const cents = (d: number) => Math.round(d * 100);
    expect({
      investments: cents(home.net_worth.investments),
      emergency_fund: cents(home.net_worth.emergency_fund),
      goals: cents(home.net_worth.goals),
      nest_and_wallet: cents(home.net_worth.nest_and_wallet),
      debts: cents(home.net_worth.debts),
    }).toEqual(parts);
    expect(cents(home.net_worth.total)).toBe(
      parts.investments + parts.emergency_fund + parts.goals + parts.nest_and_wallet - parts.debts,
    );
    // And each part is the area's own figure: the pages and Home agree.
    expect(home.net_worth.emergency_fund).toBe((await api.fund(token)).saved_amount);
    expect(home.net_worth.investments).toBe((await api.investment(token)).total_balance);
    expect(home.debts.total_balance).toBe(home.net_worth.debts);
  });
});
