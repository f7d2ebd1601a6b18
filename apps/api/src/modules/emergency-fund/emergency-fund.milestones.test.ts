import { notifications, outboxMail } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { fundRequests, SETUP } from './fund-requests.test-helpers.ts';

const t = useTestApp();
const api = fundRequests(t);

// SETUP's 3-month target is $12,000: 25 % is $3,000, 50 % $6,000, 75 % $9,000.
const deposit = (amount: number) => ({ kind: 'deposit', amount, date: '2026-11-21' });
const withdrawal = (amount: number) => ({ kind: 'withdrawal', amount, date: '2026-11-21' });

/** The user's milestone notifications, lowest first (the order they come in: they only go up). */
async function milestones(userId: string) {
  const rows = await t()
    .database.db.select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'emergency_fund_milestone')));
  const percent = (title: string) => Number(/(\d+) %/.exec(title)?.[1]);
  return rows.sort((a, b) => percent(a.title) - percent(b.title));
}

async function milestoneMails(email: string) {
  return t()
    .database.db.select({ subject: outboxMail.subject, text: outboxMail.textBody })
    .from(outboxMail)
    .where(and(eq(outboxMail.toAddress, email.toLowerCase()), eq(outboxMail.kind, 'emergency_fund_milestone')));
}

async function expectEntry(token: string, body: unknown) {
  const res = await api.addEntry(token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.fund;
}

describe('emergency fund milestones', () => {
  it('announces 25 % once, in the bell and by mail, and not again after dipping below and climbing back', async () => {
    const user = await api.userWithFund();
    expect(await milestones(user.userId)).toEqual([]);
    t().clock.advance(1000); // after the welcome, so the bell lists it first
    const fund = await expectEntry(user.token, deposit(2000));
    expect(fund).toMatchObject({ saved_amount: 3000, milestone_reached: 25, plan: { progress_percent: 25 } });
    expect(await milestones(user.userId)).toEqual([
      {
        title: 'Emergency fund: 25 % there',
        message:
          'Nice work! You have saved $3,000.00, 25 % of your 3-month target of $12,000.00. Every deposit makes the next surprise a little smaller.',
      },
    ]);
    // The spec's notification list shows it.
    const bell = await t().app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(user.token) });
    expect(bell.json().data[0]).toMatchObject({ title: 'Emergency fund: 25 % there', is_read: false });
    const mails = await milestoneMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Emergency fund: 25 % there');
    expect(mails[0]?.text).toContain('You have saved $3,000.00, 25 % of your 3-month target of $12,000.00.');

    await expectEntry(user.token, withdrawal(1000));
    const back = await expectEntry(user.token, deposit(1000));
    expect(back.milestone_reached).toBe(25);
    expect(await milestones(user.userId)).toHaveLength(1);
    expect(await milestoneMails(user.email)).toHaveLength(1);
  });

  it('announces only the highest milestone when one deposit crosses several (0 → 80 %: one, for 75 %)', async () => {
    const user = await api.userWithFund({ ...SETUP, is_saving: false });
    const fund = await expectEntry(user.token, deposit(9600));
    expect(fund.milestone_reached).toBe(75);
    expect((await milestones(user.userId)).map((n) => n.title)).toEqual(['Emergency fund: 75 % there']);
    // 25 and 50 count as reached: going back down and up past them says nothing.
    await expectEntry(user.token, withdrawal(9000));
    await expectEntry(user.token, deposit(8000));
    expect(await milestones(user.userId)).toHaveLength(1);
    // 100 % comes once, with the 6-month target as the next step.
    await expectEntry(user.token, deposit(3400));
    const all = await milestones(user.userId);
    expect(all.map((n) => n.title)).toEqual(['Emergency fund: 75 % there', 'Emergency fund: 100 % there']);
    expect(all[1]?.message).toBe(
      'You did it! You have saved $12,000.00, your whole 3-month target of $12,000.00. Keep going towards 6 months ($24,000.00) for an even softer cushion.',
    );
    await expectEntry(user.token, deposit(5000));
    expect(await milestones(user.userId)).toHaveLength(2);
  });

  it('announces a milestone reached at setup, and one reached by a PUT (a smaller target or a correction)', async () => {
    const atSetup = await api.userWithFund({ ...SETUP, saved_amount: 6500 });
    expect(atSetup.fund.milestone_reached).toBe(50);
    expect((await milestones(atSetup.userId)).map((n) => n.title)).toEqual(['Emergency fund: 50 % there']);

    const user = await api.userWithFund();
    // $1,000 of a $3,600 target (income $1,200) is 27.78 %.
    const smaller = await api.updateFund(user.token, { ...SETUP, monthly_income: 1200 });
    expect(smaller.json().data.milestone_reached).toBe(25);
    await expectEntry(user.token, deposit(1));
    // A correction to $2,700 of $3,600 is 75 %.
    const corrected = await api.updateFund(user.token, { ...SETUP, monthly_income: 1200, saved_amount: 2700 });
    expect(corrected.json().data.milestone_reached).toBe(75);
    expect((await milestones(user.userId)).map((n) => n.title)).toEqual([
      'Emergency fund: 25 % there',
      'Emergency fund: 75 % there',
    ]);
  });

  it('announces a milestone reached by deleting a withdrawal', async () => {
    const user = await api.userWithFund({ ...SETUP, saved_amount: 3000 });
    expect(user.fund.milestone_reached).toBe(25);
    // Down to $1,000 before 50 % was ever reached, then back over it.
    const w = (await api.addEntry(user.token, withdrawal(2000))).json().data.entry;
    await expectEntry(user.token, deposit(4500));
    expect((await milestones(user.userId)).map((n) => n.title)).toEqual(['Emergency fund: 25 % there']);
    const res = await api.deleteEntry(user.token, w.id);
    expect(res.json().data.fund).toMatchObject({ saved_amount: 7500, milestone_reached: 50 });
    expect((await milestones(user.userId)).map((n) => n.title)).toContain('Emergency fund: 50 % there');
  });

  it('announces nothing while there is no target (no income), and counts from the real target later', async () => {
    const user = await api.userWithFund({ ...SETUP, monthly_income: 0 });
    expect(user.fund.plan.progress_percent).toBe(100);
    expect(user.fund.milestone_reached).toBe(0);
    expect(await milestones(user.userId)).toEqual([]);
    const res = await api.updateFund(user.token, { ...SETUP, saved_amount: 1000, monthly_income: 1000 });
    expect(res.json().data.milestone_reached).toBe(25);
  });

  it('mails a milestone only when the reminder preferences say goal_milestones', async () => {
    const user = await api.userWithFund();
    const preferences = {
      payment_due_reminders: true,
      payment_due_lead_days: 3,
      goal_milestones: false,
      monthly_summary: false,
      product_news: false,
    };
    const put = await t().app.inject({
      method: 'PUT',
      url: '/api/v1/email-reminder-preferences',
      headers: bearer(user.token),
      payload: preferences,
    });
    expect(put.statusCode).toBe(200);
    await expectEntry(user.token, deposit(2000));
    expect(await milestones(user.userId)).toHaveLength(1);
    expect(await milestoneMails(user.email)).toEqual([]);

    await t().app.inject({
      method: 'PUT',
      url: '/api/v1/email-reminder-preferences',
      headers: bearer(user.token),
      payload: { ...preferences, goal_milestones: true },
    });
    await expectEntry(user.token, deposit(3000));
    expect((await milestoneMails(user.email)).map((m) => m.subject)).toEqual(['Emergency fund: 50 % there']);
  });

  it('counts a milestone reached in whole cents: $2,999.99 shows 25.00 % but is not a quarter yet', async () => {
    const user = await api.userWithFund({ ...SETUP, saved_amount: 2999.99 });
    expect(user.fund).toMatchObject({ milestone_reached: 0, plan: { progress_percent: 25 } });
    expect(await milestones(user.userId)).toEqual([]);
    // A refused write announces nothing either.
    expect((await api.addEntry(user.token, { ...deposit(0.01), date: 'not a date' })).statusCode).toBe(400);
    expect(await milestones(user.userId)).toEqual([]);
    expect(await milestoneMails(user.email)).toEqual([]);
    expect((await expectEntry(user.token, deposit(0.01))).milestone_reached).toBe(25);
    expect(await milestones(user.userId)).toHaveLength(1);
  });
});
