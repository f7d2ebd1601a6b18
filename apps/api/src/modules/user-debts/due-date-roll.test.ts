import { notifications, userDebts } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { Mailer } from '../../mail/mailer.ts';
import { runDueDateRoll } from './due-date-roll.ts';
import { runLoanPaymentReminders } from './loan-payment-reminders.ts';

/**
 * A loan's next payment date never lies in the past (issue 15 item 3), with or without the Money
 * Nest: reads roll it at once, the job writes it. The test clock stands at 2026-11-21 (New York).
 */
const t = useTestApp();
const START = Date.parse('2026-11-21T12:00:00Z');
const setDay = (day: string) => {
  const clock = t().clock;
  clock.advance(Date.parse(`${day}T12:00:00Z`) - clock.now().getTime());
};
afterEach(() => {
  const clock = t().clock;
  clock.advance(START - clock.now().getTime());
});

const roll = () => runDueDateRoll({ db: t().database.db, clock: t().clock });

/** A user (signed in on `day`) with one auto loan stored as due on `dueDate`, its day of the month `dueDay`. */
async function userWithLoan(dueDate: string, dueDay = Number(dueDate.slice(8, 10))) {
  const { session } = await register(t());
  const [row] = await t()
    .database.db.insert(userDebts)
    .values({
      userId: session.user.id,
      debtId: 1,
      initialLoanAmountCents: cents(2_500_000),
      monthlyPaymentCents: cents(45_000),
      interestRate: '6.5000',
      dueDate,
      dueDay,
      position: 0,
    })
    .returning();
  return { token: session.access_token, userId: session.user.id, loanId: row?.id ?? '' };
}

const get = async (token: string) => {
  const res = await t().app.inject({ method: 'GET', url: '/api/v1/user-debts', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; version: number; due_date: string }[];
};
const stored = async (id: string) => (await t().database.db.select().from(userDebts).where(eq(userDebts.id, id)))[0];
const loanBody = (due_date: string) => ({
  debt_id: 1,
  initial_loan_amount: 25_000,
  outstanding_balance: 18_000,
  monthly_payment_amount: 450,
  interest_rate: 6.5,
  due_date,
});

describe('rolling passed due dates', () => {
  it('reads show the rolled date before the job has written it; the job writes it with one more version', async () => {
    const user = await userWithLoan('2026-10-31');
    // October 31st → November 30th (no 31st); the loan stays a loan of the 31st.
    expect(await get(user.token)).toMatchObject([{ due_date: '2026-11-30', version: 1 }]);
    expect(await roll()).toBeGreaterThanOrEqual(1);
    expect(await stored(user.loanId)).toMatchObject({ dueDate: '2026-11-30', dueDay: 31, version: 2 });
    expect(await get(user.token)).toMatchObject([{ due_date: '2026-11-30', version: 2 }]);
    // A save from the copy read before the job is refused, as any stale save.
    const stale = await t().app.inject({
      method: 'PUT',
      url: `/api/v1/user-debts/${user.loanId}`,
      headers: bearer(user.token),
      payload: { ...loanBody('2026-11-30'), version: 1 },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('a date of today has not passed; a date months behind rolls to the first day on or after today', async () => {
    const today = await userWithLoan('2026-11-21');
    const behind = await userWithLoan('2026-03-15');
    expect(await get(today.token)).toMatchObject([{ due_date: '2026-11-21' }]);
    expect(await get(behind.token)).toMatchObject([{ due_date: '2026-12-15' }]);
    await roll();
    expect(await stored(today.loanId)).toMatchObject({ dueDate: '2026-11-21', version: 1 });
    expect(await stored(behind.loanId)).toMatchObject({ dueDate: '2026-12-15', version: 2 });
  });

  it("Jan 31st → Feb 28th → Mar 31st, read and written, and a save of the date read keeps the loan's 31st", async () => {
    setDay('2027-02-01');
    const user = await userWithLoan('2027-01-31');
    const [read] = await get(user.token);
    expect(read?.due_date).toBe('2027-02-28');
    // Before the job ran, the web app saves the loan back with the date it read and another field changed.
    const saved = await t().app.inject({
      method: 'PUT',
      url: `/api/v1/user-debts/${user.loanId}`,
      headers: bearer(user.token),
      payload: { ...loanBody('2027-02-28'), outstanding_balance: 17_000, version: read?.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stored(user.loanId)).toMatchObject({ dueDate: '2027-02-28', dueDay: 31, version: 2 });
    setDay('2027-03-01');
    await roll();
    expect(await stored(user.loanId)).toMatchObject({ dueDate: '2027-03-31', dueDay: 31 });
    // A date the user types is the loan's new day.
    const { session } = await register(t());
    const res = await t().app.inject({
      method: 'PUT',
      url: '/api/v1/user-debts',
      headers: bearer(session.access_token),
      payload: { debts: [loanBody('2027-03-28')] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [own] = res.json().data as { id: string }[];
    expect(await stored(own?.id ?? '')).toMatchObject({ dueDay: 28 });
  });

  it('two runs at once roll each loan once (one more version, not two)', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => userWithLoan('2026-09-10')));
    await Promise.all([roll(), roll()]);
    for (const user of users) {
      expect(await stored(user.loanId)).toMatchObject({ dueDate: '2026-12-10', version: 2 });
    }
    expect(await roll()).toBe(0);
  });

  it('loans of users with a Money Nest are left to its loan payments', async () => {
    const user = await userWithLoan('2026-11-05');
    const res = await t().app.inject({ method: 'POST', url: '/api/v1/nest/activate', headers: bearer(user.token) });
    expect(res.statusCode).toBe(201);
    await roll();
    expect(await stored(user.loanId)).toMatchObject({ dueDate: '2026-11-05', version: 1 });
    // Its reads roll it all the same.
    expect(await get(user.token)).toMatchObject([{ due_date: '2026-12-05' }]);
  });

  it('reminders use the rolled date before the job has written it', async () => {
    // Stored as due October 23rd: it is due November 23rd, within the default 3 days.
    const user = await userWithLoan('2026-10-23');
    const mailer = new Mailer(undefined, t().clock, t().app.log, false);
    await runLoanPaymentReminders({ db: t().database.db, clock: t().clock, mailer });
    const reminders = await t()
      .database.db.select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.userId), eq(notifications.kind, 'loan_payment_due')));
    expect(reminders.map((r) => [r.message, r.dedupeKey])).toEqual([
      ['Your auto loan payment of $450.00 is due on November 23, 2026.', `loan-payment-due:${user.loanId}:2026-11-23`],
    ]);
  });
});
