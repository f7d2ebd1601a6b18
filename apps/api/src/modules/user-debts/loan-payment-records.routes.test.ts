import { ledgerAccounts, notifications } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { income, nestRequests } from '../nest/testing.ts';
import { walletRequests } from '../wallet/testing.ts';
import { car, BASE as LOANS } from './debt-requests.test-helpers.ts';
import { runLoanPayments } from './testing.ts';

/**
 * Loan payments the user records (issue 27): POST/GET /v1/user-debts/{id}/payments and DELETE
 * …/payments/{paymentId}. The test clock starts on 21 Nov 2026 (New York); `car` owes $18,250.50 at
 * 6.25 % (this month's interest $95.05), $450 a month, due on the 5th (next 5 Dec 2026).
 */
const t = useTestApp();
const api = walletRequests(t);
const nest = nestRequests(t);
const START = Date.parse('2026-11-21T12:00:00Z');
const setDay = (day: string) => {
  const clock = t().clock;
  clock.advance(Date.parse(`${day}T12:00:00Z`) - clock.now().getTime());
};
afterEach(() => {
  const clock = t().clock;
  clock.advance(START - clock.now().getTime());
});

interface Loan {
  id: string;
  version: number;
  outstanding_balance: number;
  due_date: string;
}
interface Payment {
  id: string;
  date: string;
  amount: number;
  principal: number;
  interest: number;
  account: { id: string; name: string; kind: string; closed: boolean };
  due_date: string | null;
}

const pay = (token: string, loanId: string, body: Record<string, unknown>) =>
  api.call(token, 'POST', `${LOANS}/${loanId}/payments`, body);
const history = async (token: string, loanId: string) => {
  const res = await api.call(token, 'GET', `${LOANS}/${loanId}/payments`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data as Payment[];
};
const undo = (token: string, loanId: string, paymentId: string) =>
  api.call(token, 'DELETE', `${LOANS}/${loanId}/payments/${paymentId}`);
const loanOf = async (token: string, id: string) =>
  ((await api.ok(api.call(token, 'GET', LOANS))) as Loan[]).find((l) => l.id === id) as Loan;
const balanceOf = async (token: string, name: string) =>
  ((await api.ok(api.call(token, 'GET', '/api/v1/accounts'))) as { name: string; balance: number }[]).find(
    (a) => a.name === name,
  )?.balance;
const home = async (token: string) =>
  (await api.ok(api.call(token, 'GET', '/api/v1/home'))) as {
    net_worth: { total: number; debts: number } | null;
    debts: { total_balance: number } | null;
  };

/** A user with the Nest (so accounts), a checking account holding $2,000 and the car loan. */
async function withChecking(loan: Record<string, unknown> = car) {
  const { session, body } = await register(t());
  const user = { token: session.access_token, userId: session.user.id, email: body.email };
  await api.ok(api.call(user.token, 'POST', '/api/v1/nest/activate'));
  const account = await api.ok(
    api.addAccount(user.token, { kind: 'checking', name: 'Chase', opening_balance: 2000, opening_date: '2026-11-01' }),
  );
  const [saved] = (await api.ok(api.call(user.token, 'PUT', LOANS, { debts: [loan] }))) as Loan[];
  return { ...user, accountId: account.id as string, loan: saved as Loan };
}

/** A new session at the test clock's time (a moved clock outlives the first one). */
async function relogin(user: { email: string; token: string }) {
  const res = await t().app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: GOOD_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  user.token = res.json().data.access_token;
}

const invariants = async (userId: string) => expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);

describe('recording a loan payment', () => {
  it('takes the amount out of the account, the interest to Interest, the rest off the loan, and lists it', async () => {
    const user = await withChecking();
    const before = await home(user.token);
    const res = await pay(user.token, user.loan.id, { amount: 450, date: '2026-11-21', account_id: user.accountId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Payment recorded');
    const { payment, loan } = res.json().data as { payment: Payment; loan: Loan };
    expect(payment).toMatchObject({
      date: '2026-11-21',
      amount: 450,
      interest: 95.05,
      principal: 354.95,
      account: { id: user.accountId, name: 'Chase', kind: 'checking', closed: false },
      // At least the monthly payment, in the month before 5 Dec: that due date's payment.
      due_date: '2026-12-05',
    });
    expect(loan.outstanding_balance).toBe(17_895.55);
    // Paid, so the next payment date is the one after.
    expect(loan.due_date).toBe('2027-01-05');
    expect(await loanOf(user.token, user.loan.id)).toMatchObject({ outstanding_balance: 17_895.55 });
    expect(await balanceOf(user.token, 'Chase')).toBe(1550);
    expect(await history(user.token, user.loan.id)).toEqual([payment]);
    // Home: the loans total falls by the principal, net worth by the interest (money left, debt fell).
    const after = await home(user.token);
    expect(after.debts?.total_balance).toBe(17_895.55);
    expect(Math.round(((before.net_worth?.total ?? 0) - (after.net_worth?.total ?? 0)) * 100)).toBe(9505);
    await invariants(user.userId);
  });

  it('charges a month’s interest once: a second payment of the month is all principal, and an extra', async () => {
    const user = await withChecking();
    await api.ok(pay(user.token, user.loan.id, { amount: 450, date: '2026-11-21', account_id: user.accountId }));
    const second = await api.ok(
      pay(user.token, user.loan.id, { amount: 200, date: '2026-11-22', account_id: user.accountId }),
    );
    expect(second.payment).toMatchObject({ amount: 200, interest: 0, principal: 200, due_date: null });
    expect(second.loan).toMatchObject({ outstanding_balance: 17_695.55, due_date: '2027-01-05' });
    const list = await history(user.token, user.loan.id);
    expect(list.map((p) => p.date)).toEqual(['2026-11-22', '2026-11-21']);
  });

  it('a payment below the monthly one is an extra: the due date stays and its interest is charged once', async () => {
    const user = await withChecking();
    const extra = await api.ok(
      pay(user.token, user.loan.id, { amount: 100, date: '2026-11-21', account_id: user.accountId }),
    );
    expect(extra.payment).toMatchObject({ interest: 95.05, principal: 4.95, due_date: null });
    expect(extra.loan.due_date).toBe('2026-12-05');
  });

  it('a payment in a month before the loan’s next payment date pays no due date: it is an extra', async () => {
    const user = await withChecking({ ...car, due_date: '2027-01-05' });
    const early = await api.ok(
      pay(user.token, user.loan.id, { amount: 450, date: '2026-11-21', account_id: user.accountId }),
    );
    expect(early.payment).toMatchObject({ interest: 95.05, principal: 354.95, due_date: null });
    expect(early.loan.due_date).toBe('2027-01-05');
  });

  it('undo gives it all back: the loan owes again, the money is in its account, the due date is owed again', async () => {
    const user = await withChecking();
    const { payment } = await api.ok(
      pay(user.token, user.loan.id, { amount: 450, date: '2026-11-21', account_id: user.accountId }),
    );
    const res = await undo(user.token, user.loan.id, payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Payment undone');
    expect(res.json().data.loan).toMatchObject({ outstanding_balance: 18_250.5, due_date: '2026-12-05' });
    expect(await balanceOf(user.token, 'Chase')).toBe(2000);
    expect(await history(user.token, user.loan.id)).toEqual([]);
    expect((await undo(user.token, user.loan.id, payment.id)).statusCode).toBe(404);
    // The month's interest is free again: the next payment carries it.
    const again = await api.ok(
      pay(user.token, user.loan.id, { amount: 450, date: '2026-11-21', account_id: user.accountId }),
    );
    expect(again.payment).toMatchObject({ interest: 95.05, due_date: '2026-12-05' });
    await invariants(user.userId);
  });

  it('a user without the Money Nest pays from an account not in Helo', async () => {
    const { token } = await api.newUser();
    const [loan] = (await api.ok(api.call(token, 'PUT', LOANS, { debts: [car] }))) as Loan[];
    const id = (loan as Loan).id;
    const res = await pay(token, id, { amount: 450, date: '2026-11-21' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.payment.account).toMatchObject({ name: 'Outside Helo', kind: 'outside' });
    expect(res.json().data.loan.outstanding_balance).toBe(17_895.55);
    const withNull = await pay(token, id, { amount: 10, date: '2026-11-21', account_id: null });
    expect(withNull.statusCode, withNull.body).toBe(201);
  });
});

describe('what a payment may be', () => {
  it('is at most what the loan owes plus this month’s interest (400 at amount, saying how much)', async () => {
    const user = await withChecking({ ...car, outstanding_balance: 1000 });
    // $1,000 at 6.25 %: $5.21 of interest this month.
    const res = await pay(user.token, user.loan.id, {
      amount: 1005.22,
      date: '2026-11-21',
      account_id: user.accountId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'amount',
        message: "This auto loan owes $1,000.00 and $5.21 of this month's interest: pay at most $1,005.21",
      },
    ]);
    const all = await api.ok(
      pay(user.token, user.loan.id, { amount: 1005.21, date: '2026-11-21', account_id: user.accountId }),
    );
    expect(all.payment).toMatchObject({ interest: 5.21, principal: 1000, due_date: '2026-12-05' });
    expect(all.loan.outstanding_balance).toBe(0);
    const more = await pay(user.token, user.loan.id, { amount: 1, date: '2026-11-21', account_id: user.accountId });
    expect(more.statusCode).toBe(400);
    expect(more.json().errors[0]).toEqual({ path: 'amount', message: 'This auto loan is paid off: it owes nothing' });
  });

  it('refuses a bad amount, a day too late or before the loan, and an account not the user’s, each at its field', async () => {
    const user = await withChecking();
    const other = await withChecking();
    const at = async (body: Record<string, unknown>) => {
      const res = await pay(user.token, user.loan.id, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as { path: string; message: string }[];
    };
    const ok = { amount: 450, date: '2026-11-21', account_id: user.accountId };
    expect(await at({ ...ok, amount: 0 })).toEqual([{ path: 'amount', message: 'Amount must be more than $0' }]);
    expect((await at({ ...ok, amount: 1.001 }))[0]?.path).toBe('amount');
    expect((await at({ ...ok, amount: undefined }))[0]).toEqual({ path: 'amount', message: 'Amount is required' });
    // Today in New York, or tomorrow (someone east of it); not later.
    expect(await at({ ...ok, date: '2026-11-23' })).toEqual([
      { path: 'date', message: 'Date must be today or earlier' },
    ]);
    expect(await at({ ...ok, date: '2026-11-20' })).toEqual([
      { path: 'date', message: 'Date can not be before Nov 21, 2026, the day you added this loan' },
    ]);
    const choose = [{ path: 'account_id', message: 'Choose one of your accounts, or an account not in Helo' }];
    expect(await at({ ...ok, account_id: other.accountId })).toEqual(choose);
    expect(await at({ ...ok, account_id: 'not-an-id' })).toEqual(choose);
    // The loan's own account, or an outside one, is not a place money is paid from.
    const spare = await api.ok(api.addAccount(user.token, { kind: 'savings', name: 'Spare' }));
    await api.ok(api.call(user.token, 'DELETE', `/api/v1/accounts/${spare.id}`));
    expect(await at({ ...ok, account_id: spare.id })).toEqual(choose);
    expect((await pay(user.token, user.loan.id, { ...ok, date: '2026-11-22' })).statusCode).toBe(201);
    await invariants(user.userId);
  });

  it('answers 404 for a loan or a payment that is not the user’s', async () => {
    const user = await withChecking();
    const other = await withChecking();
    const { payment } = await api.ok(
      pay(other.token, other.loan.id, { amount: 450, date: '2026-11-21', account_id: other.accountId }),
    );
    const body = { amount: 450, date: '2026-11-21', account_id: user.accountId };
    for (const res of [
      await pay(user.token, other.loan.id, body),
      await pay(user.token, 'nope', body),
      await api.call(user.token, 'GET', `${LOANS}/${other.loan.id}/payments`),
      await undo(user.token, other.loan.id, payment.id),
      await undo(user.token, user.loan.id, payment.id),
      await undo(user.token, user.loan.id, 'nope'),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await history(other.token, other.loan.id)).toHaveLength(1);
  });

  it('never takes Loan payments below zero (409 saying what it holds)', async () => {
    const user = await api.activeUser();
    const read = await api.ok(api.call(user.token, 'GET', '/api/v1/nest'));
    await nest.ok(nest.saveRules(user.token, [{ bucket: 'loans', kind: 'fixed', value: 100 }], read.rules_version));
    await nest.ok(nest.deposit(user.token, income(100)));
    const [loan] = (await api.ok(api.call(user.token, 'PUT', LOANS, { debts: [car] }))) as Loan[];
    const bucket = await bucketId(user.userId);
    const res = await pay(user.token, (loan as Loan).id, { amount: 450, date: '2026-11-21', account_id: bucket });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Loan payments holds $100.00, less than this $450.00 payment. Choose another account or a smaller amount.',
    );
    const small = await api.ok(
      pay(user.token, (loan as Loan).id, { amount: 100, date: '2026-11-21', account_id: bucket }),
    );
    expect(small.payment.account).toMatchObject({ name: 'Loan payments', kind: 'loan_payments' });
    await invariants(user.userId);
  });
});

/** The Nest's Loan payments account of the user (not in GET /v1/accounts: the Nest's bucket). */
async function bucketId(userId: string): Promise<string> {
  const [row] = await t()
    .database.db.select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'loan_payments')));
  return row?.id ?? '';
}

describe('recorded payments and the Money Nest’s job', () => {
  const runJob = () => runLoanPayments({ db: t().database.db, clock: t().clock });
  /** The user's live payments from Loan payments (the job runs for every user of the test database). */
  const byNest = async (user: { token: string; loan: Loan }) =>
    (await history(user.token, user.loan.id)).filter((p) => p.account.kind === 'loan_payments').length;
  const shortNotices = (userId: string) =>
    t()
      .database.db.select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'loan_payment_short')));

  /** A Nest user with $450 in Loan payments, $2,000 in Chase, and the car loan due 5 Dec. */
  async function nestPayer() {
    const user = await withChecking();
    const read = await api.ok(api.call(user.token, 'GET', '/api/v1/nest'));
    await nest.ok(nest.saveRules(user.token, [{ bucket: 'loans', kind: 'fixed', value: 450 }], read.rules_version));
    await nest.ok(nest.deposit(user.token, income(450)));
    return user;
  }

  it('a whole payment before the due date is that date’s: the job does not pay it again nor say it is short', async () => {
    const user = await nestPayer();
    setDay('2026-12-01');
    await relogin(user);
    await api.ok(pay(user.token, user.loan.id, { amount: 450, date: '2026-12-01', account_id: user.accountId }));
    setDay('2026-12-05');
    await relogin(user);
    await runJob();
    expect(await byNest(user)).toBe(0);
    const list = await history(user.token, user.loan.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ date: '2026-12-01', due_date: '2026-12-05', account: { name: 'Chase' } });
    expect(await loanOf(user.token, user.loan.id)).toMatchObject({ due_date: '2027-01-05' });
    expect(await shortNotices(user.userId)).toEqual([]);
    // Next month the Nest pays as usual, from Loan payments, and the history has both.
    setDay('2027-01-05');
    await relogin(user);
    await runJob();
    expect(await byNest(user)).toBe(1);
    const both = await history(user.token, user.loan.id);
    expect(both.map((p) => [p.date, p.account.name, p.due_date])).toEqual([
      ['2027-01-05', 'Loan payments', '2027-01-05'],
      ['2026-12-01', 'Chase', '2026-12-05'],
    ]);
    await invariants(user.userId);
  });

  it('an extra payment leaves the due date to the job, which charges only the interest left of the month', async () => {
    const user = await nestPayer();
    setDay('2026-12-01');
    await relogin(user);
    const extra = await api.ok(
      pay(user.token, user.loan.id, { amount: 50, date: '2026-12-01', account_id: user.accountId }),
    );
    // $50 does not cover the month's $95.05: all of it is interest.
    expect(extra.payment).toMatchObject({ interest: 50, principal: 0, due_date: null });
    setDay('2026-12-05');
    await relogin(user);
    await runJob();
    expect(await byNest(user)).toBe(1);
    const [job] = await history(user.token, user.loan.id);
    expect(job).toMatchObject({ amount: 450, interest: 45.05, principal: 404.95, due_date: '2026-12-05' });
    expect((await loanOf(user.token, user.loan.id)).outstanding_balance).toBe(17_845.55);
  });

  it('undoing a recorded whole payment before its date lets the job pay that date; undoing the Nest’s own does not', async () => {
    const user = await nestPayer();
    setDay('2026-12-01');
    await relogin(user);
    const { payment } = await api.ok(
      pay(user.token, user.loan.id, { amount: 450, date: '2026-12-01', account_id: user.accountId }),
    );
    await api.ok(undo(user.token, user.loan.id, payment.id));
    expect(await loanOf(user.token, user.loan.id)).toMatchObject({ due_date: '2026-12-05' });
    setDay('2026-12-05');
    await relogin(user);
    await runJob();
    expect(await byNest(user)).toBe(1);
    const [nestPaid] = await history(user.token, user.loan.id);
    expect(nestPaid).toMatchObject({ account: { kind: 'loan_payments' }, due_date: '2026-12-05' });
    await api.ok(undo(user.token, user.loan.id, (nestPaid as Payment).id));
    // Undone because it was paid another way: the date stays on, and the job does not pay it again.
    expect(await loanOf(user.token, user.loan.id)).toMatchObject({
      due_date: '2027-01-05',
      outstanding_balance: 18_250.5,
    });
    await runJob();
    expect(await byNest(user)).toBe(0);
    await invariants(user.userId);
  });

  it('a deleted account’s payments move with its transactions and still pay their due date', async () => {
    const user = await nestPayer();
    const savings = await api.ok(
      api.addAccount(user.token, { kind: 'savings', name: 'Ally', opening_balance: 900, opening_date: '2026-11-01' }),
    );
    await api.ok(pay(user.token, user.loan.id, { amount: 450, date: '2026-11-21', account_id: savings.id }));
    const moved = await api.call(user.token, 'DELETE', `/api/v1/accounts/${savings.id}?move_to=${user.accountId}`);
    expect(moved.statusCode, moved.body).toBe(200);
    const [payment] = await history(user.token, user.loan.id);
    expect(payment).toMatchObject({ account: { name: 'Chase' }, due_date: '2026-12-05', principal: 354.95 });
    setDay('2026-12-05');
    await relogin(user);
    await runJob();
    expect(await byNest(user)).toBe(0);
    await invariants(user.userId);
  });
});
