import { ledgerAccounts, ledgerJournals } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { balances, loanBucketWith, nestRequests } from '../nest/testing.ts';
import { nestIncome } from '../recurring/index.ts';
import { importRequests } from './import/import-requests.test-helpers.ts';
import { spend, walletRequests } from './wallet-requests.test-helpers.ts';

/**
 * The Nest on paydays (issue 30 item 3): a paycheck of a recurring income sent through the Money Nest
 * arrives from a bank file (or is typed in): the Nest records it and splits it by its rules, with no
 * click, and the bank row is kept as a link to that deposit, so the money is counted once.
 */

const t = useTestApp();
const api = walletRequests(t);
const nest = nestRequests(t);
const imports = importRequests(t);

interface Row {
  id: string;
  kind: string;
  amount: number;
  payee: string;
}

/** Moves the test clock to noon UTC (07:00 in New York) of `day`. */
const setDay = (day: string) => {
  const clock = t().clock;
  clock.advance(Date.parse(`${day}T12:00:00Z`) - clock.now().getTime());
};
afterEach(() => setDay('2026-11-21'));

async function paidThroughTheNest(extra: Record<string, unknown> = {}) {
  const user = await api.activeUser();
  const before = await nest.ok(nest.get(user.token));
  await nest.ok(nest.saveRules(user.token, [{ bucket: 'loans', kind: 'fixed', value: 100 }], before.rules_version));
  const [wallet] = (await api.accounts(user.token)) as unknown as { id: string }[];
  if (!wallet) throw new Error('no Wallet');
  // Every other Friday from November 6th: November 20th is a payday.
  const series = await api.call(user.token, 'POST', '/api/v1/recurring', {
    name: 'ACME Payroll',
    kind: 'income',
    cadence: { every: 'two_weeks' },
    amount: 2000,
    account_id: wallet.id,
    start_date: '2026-11-06',
    through_nest: true,
    ...extra,
  });
  expect(series.statusCode, series.body).toBe(201);
  return user;
}

describe('a paycheck sent through the Money Nest', () => {
  it('arrives in a bank file: the Nest records it and splits it by its rules, counted once', async () => {
    const user = await paidThroughTheNest();
    const up = await imports.upload(
      user.token,
      'bank.csv',
      'Date,Description,Amount\n11/20/2026,ACME PAYROLL,2000.00\n11/20/2026,CORNER CAFE,-4.50\n',
    );
    const commit = await imports.commit(user.token, up.json().data.id);
    expect(commit.statusCode, commit.body).toBe(200);
    const state = await nest.ok(nest.get(user.token));
    // $100 to Loan payments by the rule, the rest to the Wallet; the cafe is spent from the Wallet.
    expect(balances(state)).toMatchObject({ Wallet: 1_900 - 4.5, 'Loan payments': 100 });
    expect(state.deposits).toMatchObject([{ amount: 2000 }]);
    const rows = (await api.ok(api.list(user.token))) as Row[];
    expect(rows.map((r) => [r.kind, r.amount]).sort()).toEqual([
      ['nest_deposit', 2000],
      ['transaction', -4.5],
    ]);
    // The series' payday is paid: by the bank row, kept as the deposit's link.
    const calendar = await api.ok(
      api.call(user.token, 'GET', '/api/v1/recurring/calendar?from=2026-11-20&to=2026-11-20'),
    );
    expect(calendar.occurrences).toMatchObject([{ name: 'ACME Payroll', date: '2026-11-20', paid: true }]);
    // The same file again adds nothing: the row's bank id is kept by its link.
    const again = await imports.upload(
      user.token,
      'bank.csv',
      'Date,Description,Amount\n11/20/2026,ACME PAYROLL,2000.00\n',
    );
    expect((await imports.commit(user.token, again.json().data.id)).json().data.inserted).toBe(0);
    expect((await nest.ok(nest.get(user.token))).deposits).toHaveLength(1);
  });

  it('typed in by hand: the same, and the answer is the row linked to its deposit', async () => {
    const user = await paidThroughTheNest();
    const added = (await api.ok(api.add(user.token, spend(2000, 'ACME Payroll', { date: '2026-11-20' })))) as Row;
    expect(added).toMatchObject({ kind: 'nest_deposit', amount: 2000 });
    expect(balances(await nest.ok(nest.get(user.token)))).toMatchObject({ Wallet: 1_900, 'Loan payments': 100 });
    // Another income, not of the series, stays an ordinary transaction.
    const other = (await api.ok(api.add(user.token, spend(35, 'Refund from store', { date: '2026-11-20' })))) as Row;
    expect(other.kind).toBe('transaction');
  });

  it('"record it for me": on its payday, with no bank row, the Nest records it by itself from the real series', async () => {
    const user = await paidThroughTheNest({ record_for_me: true });
    // The app's paydays job, reading the recurring series themselves (not a fake schedule).
    const job = loanBucketWith({ db: t().database.db, clock: t().clock, log: t().app.log }, { nestIncome });
    setDay('2026-12-03');
    await job.runDay();
    const deposits = () =>
      t()
        .database.db.select({ date: ledgerJournals.date, description: ledgerJournals.description })
        .from(ledgerJournals)
        .where(and(eq(ledgerJournals.userId, user.userId), eq(ledgerJournals.kind, 'nest.deposit')));
    expect(await deposits()).toEqual([]);
    setDay('2026-12-04');
    await job.runDay();
    await job.runDay();
    expect(await deposits()).toEqual([{ date: '2026-12-04', description: 'ACME Payroll' }]);
    const [bucket] = await t()
      .database.db.select({ cents: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, user.userId), eq(ledgerAccounts.kind, 'loan_payments')));
    // Split by the rule: $100 to Loan payments.
    expect(bucket?.cents).toBe(10_000);
  });
});
