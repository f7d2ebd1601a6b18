import { emailReminderPreferences, notifications, outboxMail, userDebts } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { systemClock } from '../../lib/clock.ts';
import { productToday } from '../../lib/product-day.ts';
import { Mailer } from '../../mail/mailer.ts';
import { runLoanPaymentReminders } from './loan-payment-reminders.ts';

const t = useTestApp();

// The test clock stands at 2026-11-21 12:00 UTC, 07:00 in New York.
const TODAY = '2026-11-21';

async function userWithLoan(dueDate: string, payment = 45_000) {
  const { session, body } = await register(t());
  const [debt] = await t()
    .database.db.insert(userDebts)
    .values({
      userId: session.user.id,
      debtId: 1,
      initialLoanAmountCents: cents(2_500_000),
      monthlyPaymentCents: cents(payment),
      interestRate: '6.5000',
      dueDate,
      dueDay: Number(dueDate.slice(8, 10)),
      position: 0,
    })
    .returning();
  return { userId: session.user.id, email: body.email, debtId: debt?.id ?? '' };
}

const run = () => {
  const { database, clock } = t();
  const mailer = new Mailer(undefined, clock, t().app.log, false);
  return runLoanPaymentReminders({ db: database.db, clock, mailer });
};
const remindersOf = (userId: string) =>
  t()
    .database.db.select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'loan_payment_due')));
const mailsTo = (email: string) =>
  t()
    .database.db.select()
    .from(outboxMail)
    .where(and(eq(outboxMail.toAddress, email), eq(outboxMail.kind, 'loan_payment_due')));

describe('loan payment reminders', () => {
  it('does not remind again when the loans are saved again with their ids, edited or reordered', async () => {
    const { session, body } = await register(t());
    const loan = {
      debt_id: 1,
      initial_loan_amount: 25_000,
      outstanding_balance: 18_000,
      monthly_payment_amount: 450,
      interest_rate: 6.5,
      due_date: '2026-11-23',
    };
    const other = { ...loan, debt_id: 4, due_date: '2026-12-20' };
    const save = async (debts: object[]) => {
      const res = await t().app.inject({
        method: 'PUT',
        url: '/api/v1/user-debts',
        headers: bearer(session.access_token),
        payload: { debts },
      });
      return res.json().data as { id: string; version: number }[];
    };
    const [saved, second] = await save([loan, other]);
    await run();
    // The web app sends each loan's id: an edit of the balance and a new order keep the loan.
    await save([
      { ...other, id: second?.id },
      { ...loan, outstanding_balance: 17_550, id: saved?.id },
    ]);
    await run();
    expect(await remindersOf(session.user.id)).toHaveLength(1);
    expect(await mailsTo(body.email)).toHaveLength(1);
    // A new due date of the same loan is a new reminder.
    await save([{ ...loan, due_date: '2026-11-24', id: saved?.id }]);
    await run();
    expect(await remindersOf(session.user.id)).toHaveLength(2);
  });

  it('reminds of each loan: two of one type with the same payment and due date get one reminder each', async () => {
    const due = await userWithLoan('2026-11-23');
    await t()
      .database.db.insert(userDebts)
      .values({
        userId: due.userId,
        debtId: 1,
        initialLoanAmountCents: cents(900_000),
        monthlyPaymentCents: cents(45_000),
        interestRate: '3.9000',
        dueDate: '2026-11-23',
        dueDay: 23,
        position: 1,
      });
    expect(await run()).toBe(2);
    const reminders = await remindersOf(due.userId);
    expect(reminders.map((r) => r.message)).toEqual([
      'Your auto loan payment of $450.00 is due on November 23, 2026.',
      'Your auto loan payment of $450.00 is due on November 23, 2026.',
    ]);
    expect(new Set(reminders.map((r) => r.dedupeKey)).size).toBe(2);
    expect(await mailsTo(due.email)).toHaveLength(2);
    expect(await run()).toBe(0);
  });

  it('reminds many users in one run, once each, and mails only the reminders it wrote', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, (_, i) => userWithLoan('2026-11-22', 10_000 + i)));
    const first = await run();
    expect(first).toBeGreaterThanOrEqual(6);
    expect(await run()).toBe(0);
    for (const u of users) {
      expect(await remindersOf(u.userId)).toHaveLength(1);
      expect(await mailsTo(u.email)).toHaveLength(1);
    }
  });

  it('knows what day it is in New York', () => {
    expect(productToday(t().clock.now())).toBe(TODAY);
    expect(productToday(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-21');
    expect(productToday(systemClock.now())).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('reminds once per due date within the default 3 days, by notification and email', async () => {
    const due = await userWithLoan('2026-11-24');
    await run();
    await run();
    const reminders = await remindersOf(due.userId);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.message).toBe('Your auto loan payment of $450.00 is due on November 24, 2026.');
    expect(await mailsTo(due.email)).toHaveLength(1);
  });

  it('creates each reminder once even when two servers run the job at the same time', async () => {
    const due = await userWithLoan('2026-11-22');
    await Promise.all([run(), run(), run()]);
    expect(await remindersOf(due.userId)).toHaveLength(1);
    expect(await mailsTo(due.email)).toHaveLength(1);
  });

  it('waits until the date is within the lead days, and follows the user’s own lead days', async () => {
    const later = await userWithLoan('2026-11-28');
    await run();
    expect(await remindersOf(later.userId)).toHaveLength(0);
    await t().database.db.insert(emailReminderPreferences).values({
      userId: later.userId,
      paymentDueReminders: true,
      paymentDueLeadDays: 7,
      goalMilestones: true,
      monthlySummary: false,
      productNews: false,
    });
    await run();
    expect(await remindersOf(later.userId)).toHaveLength(1);
  });

  it('still notifies in the app but sends no email when payment reminders are off', async () => {
    const quiet = await userWithLoan('2026-11-23');
    await t().database.db.insert(emailReminderPreferences).values({
      userId: quiet.userId,
      paymentDueReminders: false,
      paymentDueLeadDays: 3,
      goalMilestones: true,
      monthlySummary: false,
      productNews: false,
    });
    await run();
    expect(await remindersOf(quiet.userId)).toHaveLength(1);
    expect(await mailsTo(quiet.email)).toHaveLength(0);
  });

  it('ignores past due dates, and reminds again for the next due date', async () => {
    const past = await userWithLoan('2026-11-20');
    await run();
    expect(await remindersOf(past.userId)).toHaveLength(0);
    await t().database.db.update(userDebts).set({ dueDate: '2026-11-21' }).where(eq(userDebts.id, past.debtId));
    await run();
    await t().database.db.update(userDebts).set({ dueDate: '2026-11-23' }).where(eq(userDebts.id, past.debtId));
    await run();
    expect(await remindersOf(past.userId)).toHaveLength(2);
  });
});
