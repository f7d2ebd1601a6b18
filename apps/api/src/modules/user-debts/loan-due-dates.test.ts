import { ledgerAccounts, ledgerJournals, ledgerPostings, notifications, userDebts } from '@helo/db/schema';
import { aliasedTable, and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { balances, income, nestRequests } from '../nest/testing.ts';
import { runLoanDueDates } from './loan-due-dates.ts';
import { loanPayments } from './module.ts';
import { runLoanPayments } from './testing.ts';

/**
 * The Money Nest's loan payments (issue 15 item 3). On PostgreSQL (TEST_DATABASE_URL) two runs at
 * once really run at once, on two connections of the pool; on PGlite they take turns, and the same
 * ledger must come out.
 */
const t = useTestApp();
const api = nestRequests(t);
const START = Date.parse('2026-11-21T12:00:00Z');

/** Moves the test clock to noon UTC (07:00 in New York) of `day`. */
const setDay = (day: string) => {
  const clock = t().clock;
  clock.advance(Date.parse(`${day}T12:00:00Z`) - clock.now().getTime());
};
afterEach(() => {
  const clock = t().clock;
  clock.advance(START - clock.now().getTime());
});

const run = () => runLoanPayments({ db: t().database.db, clock: t().clock });
const runAll = () =>
  runLoanDueDates({ db: t().database.db, clock: t().clock, payments: loanPayments(t().database.db, t().clock) });

/** An auto loan: $18,000 left at 6.5 % (this month's interest $97.50), $450 a month. */
const autoLoan = (due_date: string, overrides: Record<string, unknown> = {}) => ({
  debt_id: 1,
  initial_loan_amount: 25_000,
  outstanding_balance: 18_000,
  monthly_payment_amount: 450,
  interest_rate: 6.5,
  due_date,
  ...overrides,
});

async function saveLoans(token: string, debts: object[]) {
  const res = await t().app.inject({
    method: 'PUT',
    url: '/api/v1/user-debts',
    headers: bearer(token),
    payload: { debts },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; version: number; due_date: string; outstanding_balance: number }[];
}

async function loansOf(token: string) {
  const res = await t().app.inject({ method: 'GET', url: '/api/v1/user-debts', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; version: number; due_date: string; outstanding_balance: number }[];
}

/** A user with the Nest active and `loans` dollars put in Loan payments (a fixed rule, then income). */
async function nestUser(loans: number) {
  const user = await api.newUser();
  const nest = await api.ok(api.activate(user.token));
  if (loans > 0) {
    await api.ok(api.saveRules(user.token, [{ bucket: 'loans', kind: 'fixed', value: loans }], nest.rules_version));
    await api.ok(api.deposit(user.token, income(loans)));
  }
  return user;
}

const storedLoan = async (id: string) => {
  const [row] = await t().database.db.select().from(userDebts).where(eq(userDebts.id, id));
  return row;
};
const loanAccount = aliasedTable(ledgerAccounts, 'loan_account');
/** The loan payments of the user's ledger: each a journal out of Loan payments, its due date its id in the loan. */
const paymentsOf = async (userId: string) => {
  const rows = await t()
    .database.db.select({
      externalId: ledgerJournals.externalId,
      date: ledgerJournals.date,
      targetName: ledgerJournals.description,
      userDebtId: loanAccount.subjectId,
      amountCents: ledgerPostings.amountCents,
    })
    .from(ledgerJournals)
    .innerJoin(ledgerPostings, eq(ledgerPostings.journalId, ledgerJournals.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(loanAccount, eq(loanAccount.id, ledgerJournals.externalAccountId))
    .where(
      and(
        eq(ledgerJournals.userId, userId),
        eq(ledgerJournals.kind, 'loan.payment'),
        eq(ledgerAccounts.kind, 'loan_payments'),
      ),
    );
  return rows
    .map(({ externalId, ...row }) => ({ ...row, dueDate: externalId?.replace('due:', '') ?? '' }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
};
/** What the loan owes: minus its ledger account's balance. */
const owedOf = async (loanId: string) => {
  const [row] = await t()
    .database.db.select({ cents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'loan'), eq(ledgerAccounts.subjectId, loanId)));
  return 0 - (row?.cents ?? 0);
};
const shortNoticesOf = (userId: string) =>
  t()
    .database.db.select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'loan_payment_short')));
/** What the Loan payments account holds, straight from the ledger's table. */
const loansLedgerSum = async (userId: string) => {
  const [row] = await t()
    .database.db.select({ cents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'loan_payments')));
  return (row?.cents ?? 0) / 100;
};

describe('loan payments from the Money Nest', () => {
  it('pays a loan due today once: one journal, the principal off the loan, the interest to Interest, the date a month on', async () => {
    const user = await nestUser(2000);
    const [loan] = await saveLoans(user.token, [autoLoan('2026-11-21')]);
    expect(await run()).toEqual({ paid: 1, short: 0 });
    expect(await run()).toEqual({ paid: 0, short: 0 });

    const [payment, ...more] = await paymentsOf(user.userId);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      amountCents: -45_000,
      userDebtId: loan?.id,
      dueDate: '2026-11-21',
      date: '2026-11-21',
      targetName: 'Auto loan',
    });
    // $97.50 of it is interest: the Interest account has it, the loan the $352.50 of principal.
    const [interest] = await t()
      .database.db.select({ cents: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, user.userId), eq(ledgerAccounts.kind, 'interest')));
    expect(interest?.cents).toBe(9_750);
    expect(await owedOf(loan?.id ?? '')).toBe(1_764_750);
    // $450 − $97.50 interest = $352.50 of principal.
    const [read] = await loansOf(user.token);
    expect(read).toMatchObject({ outstanding_balance: 17_647.5, due_date: '2026-12-21', version: 2 });
    expect((await storedLoan(loan?.id ?? ''))?.dueDate).toBe('2026-12-21');

    // GET /v1/nest: the bucket is what was put in less the payment, and no bucket is made of the loan.
    const nest = (await api.get(user.token)).json().data;
    expect(balances(nest)).toEqual({ Wallet: 0, 'Loan payments': 1550 });
    expect(await loansLedgerSum(user.userId)).toBe(1550);
    // GET /v1/nest/entries lists it under the loan's name.
    const entries = (await api.entries(user.token)).json().data as { kind: string; name: string; amount: number }[];
    expect(entries.find((e) => e.kind === 'loan_payment')).toMatchObject({
      kind: 'loan_payment',
      bucket: 'loans',
      name: 'Auto loan',
      amount: -450,
      date: '2026-11-21',
      deposit_id: null,
    });
  });

  it('two runs at once pay each loan once per due date, and each payment is counted by one of them', async () => {
    for (let round = 0; round < 3; round += 1) {
      const users = await Promise.all(Array.from({ length: 4 }, () => nestUser(1000)));
      for (const user of users) {
        await saveLoans(user.token, [
          autoLoan('2026-11-21'),
          autoLoan('2026-11-21', {
            debt_id: 4,
            outstanding_balance: 1000,
            monthly_payment_amount: 100,
            interest_rate: 0,
          }),
        ]);
      }
      const [a, b] = await Promise.all([run(), run()]);
      // Earlier rounds' users are all paid up: these runs pay this round's 8 loans between them.
      expect((a?.paid ?? 0) + (b?.paid ?? 0)).toBe(8);
      for (const user of users) {
        const payments = await paymentsOf(user.userId);
        expect(payments.map((p) => [p.dueDate, p.amountCents]).sort()).toEqual([
          ['2026-11-21', -10_000],
          ['2026-11-21', -45_000],
        ]);
        const loans = await loansOf(user.token);
        expect(loans.map((l) => [l.due_date, l.outstanding_balance, l.version])).toEqual([
          ['2026-12-21', 17_647.5, 2],
          ['2026-12-21', 900, 2],
        ]);
        expect(await loansLedgerSum(user.userId)).toBe(450);
        expect(balances((await api.get(user.token)).json().data)['Loan payments']).toBe(450);
      }
    }
  });

  it('a run racing a save of the loans and a deposit: none waits forever, the payment is made once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await nestUser(1000);
      const [loan] = await saveLoans(user.token, [autoLoan('2026-11-21')]);
      const [, saved, deposited] = await Promise.all([
        run(),
        t().app.inject({
          method: 'PUT',
          url: '/api/v1/user-debts',
          headers: bearer(user.token),
          payload: { debts: [{ ...autoLoan('2026-11-21', { interest_rate: 7 }), id: loan?.id }] },
        }),
        api.deposit(user.token, income(100)),
      ]);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(deposited.statusCode, deposited.body).toBe(201);
      await run();
      expect(await paymentsOf(user.userId)).toHaveLength(1);
      const [read] = await loansOf(user.token);
      expect(read?.due_date).toBe('2026-12-21');
      expect(await loansLedgerSum(user.userId)).toBe(650);
    }
  });

  it('not enough set aside: one notification for the due date, nothing paid, and the date rolls once it has passed', async () => {
    const user = await nestUser(300);
    const [loan] = await saveLoans(user.token, [autoLoan('2026-11-21')]);
    const [first, second] = await Promise.all([run(), run()]);
    expect((first?.short ?? 0) + (second?.short ?? 0)).toBe(1);
    const notices = await shortNoticesOf(user.userId);
    expect(notices.map((n) => n.message)).toEqual([
      'Not enough in Loan payments for Auto loan due November 21, 2026: $450.00 needed, $300.00 set aside.',
    ]);
    expect(await paymentsOf(user.userId)).toEqual([]);
    // Still today's: income recorded later today can pay it.
    expect((await storedLoan(loan?.id ?? ''))?.dueDate).toBe('2026-11-21');

    setDay('2026-11-22');
    await runAll();
    expect(await shortNoticesOf(user.userId)).toHaveLength(1);
    const stored = await storedLoan(loan?.id ?? '');
    expect(stored).toMatchObject({ dueDate: '2026-12-21', version: 2 });
    expect(await owedOf(loan?.id ?? '')).toBe(1_800_000);
    expect(await loansLedgerSum(user.userId)).toBe(300);
  });

  it("pays in the user's order while the bucket holds enough; the next one gets the notification", async () => {
    const user = await nestUser(500);
    await saveLoans(user.token, [
      autoLoan('2026-11-21', { debt_id: 2, monthly_payment_amount: 400 }),
      autoLoan('2026-11-21'),
    ]);
    await run();
    expect((await paymentsOf(user.userId)).map((p) => p.targetName)).toEqual(['Mortgage']);
    expect((await shortNoticesOf(user.userId))[0]?.message).toBe(
      'Not enough in Loan payments for Auto loan due November 21, 2026: $450.00 needed, $100.00 set aside.',
    );
  });

  it('pays what is left when it is less than the monthly payment, and a paid-off loan no more', async () => {
    const user = await nestUser(1000);
    // $100 left at 12 %: this month's interest is $1.00, so $101 pays it off.
    const [loan] = await saveLoans(user.token, [
      autoLoan('2026-11-21', { outstanding_balance: 100, interest_rate: 12 }),
    ]);
    await run();
    expect((await paymentsOf(user.userId)).map((p) => p.amountCents)).toEqual([-10_100]);
    expect(await storedLoan(loan?.id ?? '')).toMatchObject({ dueDate: '2026-12-21' });
    expect(await owedOf(loan?.id ?? '')).toBe(0);
    setDay('2026-12-21');
    await run();
    expect(await paymentsOf(user.userId)).toHaveLength(1);
    expect((await storedLoan(loan?.id ?? ''))?.dueDate).toBe('2027-01-21');
  });

  it('never pays due dates from before the Nest was activated; a run missed since then catches up', async () => {
    const user = await nestUser(5000);
    const [old, soon] = await saveLoans(user.token, [
      // Four months behind: only November's (on or after the activation day) is paid.
      autoLoan('2026-07-21'),
      // Last paid for October 25th: rolls to November 25th without a payment.
      autoLoan('2026-10-25', { debt_id: 3 }),
    ]);
    await run();
    expect((await paymentsOf(user.userId)).map((p) => [p.userDebtId, p.dueDate])).toEqual([[old?.id, '2026-11-21']]);
    expect((await storedLoan(soon?.id ?? ''))?.dueDate).toBe('2026-11-25');

    // No run for two months: December's and January's due dates are both paid, in order.
    setDay('2027-01-26');
    await run();
    const paid = await paymentsOf(user.userId);
    expect(paid.filter((p) => p.userDebtId === old?.id).map((p) => p.dueDate)).toEqual([
      '2026-11-21',
      '2026-12-21',
      '2027-01-21',
    ]);
    expect(paid.filter((p) => p.userDebtId === soon?.id).map((p) => p.dueDate)).toEqual([
      '2026-11-25',
      '2026-12-25',
      '2027-01-25',
    ]);
    expect((await storedLoan(old?.id ?? ''))?.dueDate).toBe('2027-02-21');
    expect((await storedLoan(soon?.id ?? ''))?.dueDate).toBe('2027-02-25');
    expect(await loansLedgerSum(user.userId)).toBe(5000 - 6 * 450);
  });

  it('a loan of the 31st is paid on Feb 28th and on Mar 31st again', async () => {
    setDay('2027-01-31');
    const user = await nestUser(2000);
    const [loan] = await saveLoans(user.token, [autoLoan('2027-01-31')]);
    await run();
    expect((await storedLoan(loan?.id ?? ''))?.dueDate).toBe('2027-02-28');
    setDay('2027-02-28');
    await run();
    expect((await storedLoan(loan?.id ?? ''))?.dueDate).toBe('2027-03-31');
    setDay('2027-03-31');
    await run();
    expect((await paymentsOf(user.userId)).map((p) => p.dueDate)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect((await storedLoan(loan?.id ?? ''))?.dueDate).toBe('2027-04-30');
  });

  it('a deposit whose loan share has paid a loan can no longer be reversed in full (409), and nothing moves', async () => {
    const user = await nestUser(1000);
    await saveLoans(user.token, [autoLoan('2026-11-21')]);
    const [deposit] = (await api.get(user.token)).json().data.deposits as { id: string }[];
    await run();
    const res = await api.reverse(user.token, deposit?.id ?? '');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Loan payments holds $550.00, less than the $1,000.00 this deposit put in it: it can not be reversed.',
    );
    expect(await loansLedgerSum(user.userId)).toBe(550);
    expect(balances((await api.get(user.token)).json().data)['Loan payments']).toBe(550);
  });

  it('a loan saved back to a due date already paid is not paid again: its date moves on', async () => {
    const user = await nestUser(2000);
    const [loan] = await saveLoans(user.token, [autoLoan('2026-11-21')]);
    await run();
    await saveLoans(user.token, [{ ...autoLoan('2026-11-21'), id: loan?.id }]);
    await run();
    expect(await paymentsOf(user.userId)).toHaveLength(1);
    expect((await storedLoan(loan?.id ?? ''))?.dueDate).toBe('2026-12-21');
  });
});
