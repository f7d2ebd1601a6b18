import { ledgerAccounts, ledgerJournals, ledgerLinks, ledgerPostings } from '@helo/db/schema';
import { addDays } from '@helo/finance/calendar';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, GOOD_PASSWORD, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { runLoanPayments } from '../user-debts/testing.ts';
import { fileBody } from '../wallet/testing.ts';
import type { NestIncome } from './nest-income.ts';
import { balances, fakeSchedule, income, loanBucketWith, nestRequests } from './testing.ts';

/**
 * The Nest on paydays and the loan bucket (issue 30 item 3), the test clock walking day by day: a
 * "record it for me" payday recorded and split by itself, once; each loan's payment pulled in two
 * halves on the two paydays before its due date; the month's interest; the payment on the due date.
 * Run on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
const t = useTestApp();
const api = nestRequests(t);
const BUCKET = '/api/v1/nest/loan-bucket';

/** Moves the test clock to noon UTC (07:00 in New York) of `day`. */
const setDay = (day: string) => {
  const clock = t().clock;
  clock.advance(Date.parse(`${day}T12:00:00Z`) - clock.now().getTime());
};
afterEach(() => setDay('2026-11-21'));

const paycheck = (date: string, overrides: Partial<NestIncome> = {}): NestIncome => ({
  seriesId: 'series-pay',
  name: 'Paycheck',
  date,
  amountCents: 200_000,
  recordForMe: true,
  accountId: 'wallet',
  ...overrides,
});
/** Every other Friday from November 13th to January 22nd. */
const FRIDAYS = ['2026-11-13', '2026-11-27', '2026-12-11', '2026-12-25', '2027-01-08', '2027-01-22'];

const bucketWith = (userId: string, incomes: NestIncome[]) =>
  loanBucketWith({ db: t().database.db, clock: t().clock, log: t().app.log }, fakeSchedule(userId, incomes));
const payLoans = () => runLoanPayments({ db: t().database.db, clock: t().clock });

/** The user's journals of `kind`: date, description, and what each put in accounts of `accountKind`. */
async function journalsOf(userId: string, kind: string, accountKind: string) {
  return t()
    .database.db.select({
      date: ledgerJournals.date,
      description: ledgerJournals.description,
      externalId: ledgerJournals.externalId,
      cents: ledgerPostings.amountCents,
      reversed: ledgerJournals.reversedById,
    })
    .from(ledgerJournals)
    .innerJoin(ledgerPostings, eq(ledgerPostings.journalId, ledgerJournals.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerJournals.userId, userId),
        eq(ledgerJournals.kind, kind),
        eq(ledgerAccounts.kind, accountKind as 'loan_payments'),
      ),
    )
    .orderBy(asc(ledgerJournals.date), asc(ledgerJournals.createdAt));
}

async function bucketCents(userId: string) {
  const [row] = await t()
    .database.db.select({ cents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'loan_payments')));
  return row?.cents ?? 0;
}

/** A new user; `token()` signs in again (the clock walks past the 15-minute token). */
async function newUser() {
  const { body, session } = await register(t());
  return {
    userId: session.user.id,
    token: session.access_token,
    async fresh() {
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: body.email, password: GOOD_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      this.token = res.json().data.access_token as string;
      return this.token;
    },
  };
}

async function saveLoan(token: string, loan: Record<string, unknown>) {
  const res = await api.call(token, 'PUT', '/api/v1/user-debts', { debts: [loan] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as { id: string };
}

/** A car loan: $8,000 at 6 %, $350.00 due on the 15th. */
const CAR = {
  debt_id: 1,
  initial_loan_amount: 10_000,
  outstanding_balance: 8_000,
  monthly_payment_amount: 350,
  interest_rate: 6,
  due_date: '2026-12-15',
};

describe('the Nest on paydays', () => {
  it('records a "record it for me" payday by itself, split by the rules, once, and never over a real deposit', async () => {
    const user = await newUser();
    const nest = await api.ok(api.activate(user.token));
    await api.ok(api.saveRules(user.token, [{ bucket: 'loans', kind: 'fixed', value: 100 }], nest.rules_version));
    // A second income goes through the Nest but waits for the bank: never recorded by the job.
    const waits = FRIDAYS.map((d) => paycheck(d, { seriesId: 'series-bonus', name: 'Bonus', recordForMe: false }));
    const job = bucketWith(user.userId, [...FRIDAYS.map((d) => paycheck(d)), ...waits]);

    for (let day = '2026-11-21'; day <= '2026-11-28'; day = addDays(day, 1)) {
      setDay(day);
      // Twice at once (two servers): the Nest's row makes them take turns, and the second finds it done.
      await Promise.all([job.runDay(), job.runDay()]);
    }
    const deposits = await journalsOf(user.userId, 'nest.deposit', 'income');
    // November 13th was before the Nest was activated: not recorded.
    expect(deposits).toEqual([
      expect.objectContaining({ date: '2026-11-27', description: 'Paycheck', cents: -200_000, reversed: null }),
    ]);
    await user.fresh();
    // Split by the rules: $100 to Loan payments, the rest to the Wallet.
    expect(balances(await api.ok(api.get(user.token)))).toMatchObject({ Wallet: 1_900, 'Loan payments': 100 });

    // Reversed by the user: the job does not record it again.
    const [recorded] = (await api.ok(api.get(user.token))).deposits;
    await api.ok(api.reverse(user.token, recorded.id));
    await job.runDay();
    expect(await journalsOf(user.userId, 'nest.deposit', 'income')).toHaveLength(1);

    // The real paycheck recorded a day early (by hand, or from the bank through the Nest): not twice.
    setDay('2026-12-10');
    await user.fresh();
    await api.ok(api.deposit(user.token, income(2_000, 'ACME payroll', '2026-12-10')));
    for (let day = '2026-12-10'; day <= '2026-12-12'; day = addDays(day, 1)) {
      setDay(day);
      await job.runDay();
    }
    const after = await journalsOf(user.userId, 'nest.deposit', 'income');
    expect(after.map((d) => [d.date, d.description])).toEqual([
      ['2026-11-27', 'Paycheck'],
      ['2026-12-10', 'ACME payroll'],
    ]);

    // The bank's copy of a payday the Nest recorded arrives later: linked to the deposit, not counted twice.
    setDay('2026-12-27');
    await job.runDay();
    await user.fresh();
    const csv = 'Date,Description,Amount\n12/26/2026,ACME PAYROLL,2000.00\n';
    const file = fileBody('bank.csv', csv);
    const upload = await t().app.inject({
      method: 'POST',
      url: '/api/v1/wallet/imports',
      headers: { ...bearer(user.token), ...file.headers },
      payload: file.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const commit = await api.call(user.token, 'POST', `/api/v1/wallet/imports/${upload.json().data.id}/commit`, {});
    expect(commit.statusCode, commit.body).toBe(200);
    expect((await journalsOf(user.userId, 'nest.deposit', 'income')).map((d) => d.date)).toEqual([
      '2026-11-27',
      '2026-12-10',
      '2026-12-25',
    ]);
    expect(await journalsOf(user.userId, 'wallet.transaction', 'checking')).toEqual([]);
    const links = await t().database.db.select().from(ledgerLinks).where(eq(ledgerLinks.userId, user.userId));
    expect(links).toHaveLength(1);
  });
});

describe('the loan bucket', () => {
  it('pulls each payment in two halves before its due date, earns its interest monthly, and pays the loan on the day', async () => {
    const user = await newUser();
    await api.ok(api.activate(user.token));
    const car = await saveLoan(user.token, CAR);
    const job = bucketWith(
      user.userId,
      FRIDAYS.map((d) => paycheck(d)),
    );
    // 4 % a year, posted monthly.
    const rate = await api.call(user.token, 'PUT', BUCKET, { rate: 4 });
    expect(rate.statusCode, rate.body).toBe(200);
    expect(rate.headers['cache-control']).toContain('no-store');

    // Before any pull: what is to come, from the paydays (the routes' service has the app's
    // schedule, so the figures are read from the service that has the fake one).
    const ahead = await job.view(user.userId);
    expect(ahead.next_pulls.slice(0, 3)).toEqual([
      expect.objectContaining({ date: '2026-11-27', due_date: '2026-12-15', amount: 175 }),
      expect.objectContaining({ date: '2026-12-11', due_date: '2026-12-15', amount: 175 }),
      expect.objectContaining({ date: '2026-12-25', due_date: '2027-01-15', amount: 175 }),
    ]);

    // Walk day by day to January 1st, the paydays job then the loans' job each day; keep the
    // bucket's balance at each day's end, for an independent sum of its interest.
    const endOfDay = new Map<string, number>();
    for (let day = '2026-11-21'; day <= '2027-01-01'; day = addDays(day, 1)) {
      setDay(day);
      await job.runDay();
      await payLoans();
      endOfDay.set(day, await bucketCents(user.userId));
    }

    const pulls = await journalsOf(user.userId, 'nest.loan_pull', 'loan_payments');
    expect(pulls.map((p) => [p.date, p.externalId, p.cents])).toEqual([
      ['2026-11-27', `pull:${car.id}:2026-12-15:1`, 17_500],
      // November's 8 cents of interest was in the bucket: the second half takes only what is lacking.
      ['2026-12-11', `pull:${car.id}:2026-12-15:2`, 17_492],
      ['2026-12-25', `pull:${car.id}:2027-01-15:1`, 17_500],
    ]);
    const payments = await journalsOf(user.userId, 'loan.payment', 'loan_payments');
    expect(payments.map((p) => [p.date, p.cents])).toEqual([['2026-12-15', -35_000]]);

    // Interest: each month's end-of-day balances × 4 % ÷ 365, rounded once, dated the month's last day.
    const independent = (month: string) => {
      let sum = 0;
      for (const [day, cents] of endOfDay) if (day.startsWith(month)) sum += cents;
      return Math.round((sum * 0.04) / 365);
    };
    const interest = await journalsOf(user.userId, 'nest.bucket_interest', 'loan_payments');
    expect(interest.map((i) => [i.date, i.cents])).toEqual([
      // $175.00 for 4 days: 70,000 cent-days × 4 % ÷ 365 = 7.67 → 8 cents.
      ['2026-11-30', 8],
      ['2026-12-31', independent('2026-12')],
    ]);
    expect(independent('2026-11')).toBe(8);
    // The December figure worked by hand: $175.08 × 10 days, $350.00 × 4, $0 × 10, $175.00 × 7 (and
    // the 8 cents of the 15th to the 24th): 437,580 cent-days × 4 % ÷ 365 = 47.95 → 48 cents.
    expect(independent('2026-12')).toBe(48);

    // Running again changes nothing.
    expect(await job.runDay()).toEqual({ recorded: 0, pulled: 0, interest: 0 });

    await user.fresh();
    // The tab's figures: the bucket holds January's first half and December's interest.
    const view = await job.view(user.userId);
    expect(view).toMatchObject({
      active: true,
      balance: 175.48,
      rate: 4,
      interest_earned: 0.56,
      interest_through: '2026-12',
      has_paydays: true,
      loans: [{ loan_id: car.id, name: 'Auto loan', due_date: '2027-01-15', payment: 350, set_aside: 175.48 }],
    });
    expect(view.next_pulls[0]).toMatchObject({ date: '2027-01-08', due_date: '2027-01-15', amount: 175 });

    // The Nest's history lists every movement of Loan payments: the pulls, the interest, the payment.
    const entries = (await api.ok(api.entries(user.token))) as {
      kind: string;
      bucket: string;
      name: string;
      amount: number;
      date: string;
    }[];
    const loanLines = entries.filter((e) => e.bucket === 'loans');
    expect(loanLines.map((e) => [e.date, e.kind, e.name, e.amount])).toEqual([
      ['2026-12-31', 'interest', 'Interest on Loan payments', 0.48],
      ['2026-12-25', 'loan_pull', 'Set aside for Auto loan', 175],
      ['2026-12-15', 'loan_payment', 'Auto loan', -350],
      ['2026-12-11', 'loan_pull', 'Set aside for Auto loan', 174.92],
      ['2026-11-30', 'interest', 'Interest on Loan payments', 0.08],
      ['2026-11-27', 'loan_pull', 'Set aside for Auto loan', 175],
    ]);
  });

  it('without paydays: no pulls, the "$X to Loan payments" rule fills the bucket and the loan is paid from it', async () => {
    const user = await newUser();
    const nest = await api.ok(api.activate(user.token));
    await api.ok(api.saveRules(user.token, [{ bucket: 'loans', kind: 'fixed', value: 400 }], nest.rules_version));
    await api.ok(api.deposit(user.token, income(3_000)));
    await saveLoan(user.token, CAR);
    const job = bucketWith(user.userId, []);
    for (let day = '2026-11-21'; day <= '2026-12-15'; day = addDays(day, 1)) {
      setDay(day);
      await job.runDay();
      await payLoans();
    }
    await user.fresh();
    expect(await journalsOf(user.userId, 'nest.loan_pull', 'loan_payments')).toEqual([]);
    expect((await journalsOf(user.userId, 'loan.payment', 'loan_payments')).map((p) => p.cents)).toEqual([-35_000]);
    // No rate set: no interest.
    expect(await journalsOf(user.userId, 'nest.bucket_interest', 'loan_payments')).toEqual([]);
    const view = await api.ok(api.call(user.token, 'GET', BUCKET));
    expect(view).toMatchObject({ balance: 50, has_paydays: false, next_pulls: [], interest_earned: 0 });
  });

  it('refuses a rate out of range naming the field, and before the Nest is active', async () => {
    const user = await newUser();
    const early = await api.call(user.token, 'PUT', BUCKET, { rate: 3 });
    expect(early.statusCode).toBe(409);
    expect((await api.ok(api.call(user.token, 'GET', BUCKET))).active).toBe(false);
    await api.ok(api.activate(user.token));
    for (const rate of [101, -1, 1.00001, '4', null]) {
      const res = await api.call(user.token, 'PUT', BUCKET, { rate });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].path).toBe('rate');
    }
  });
});
