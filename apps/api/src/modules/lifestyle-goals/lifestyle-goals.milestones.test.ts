import { notifications, outboxMail } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { GOAL_MILESTONE_KIND } from './goal-milestones.ts';
import { deposit, GOAL, goalRequests, withdrawal } from './goal-requests.test-helpers.ts';

const t = useTestApp();
const api = goalRequests(t);

// GOAL: $600 of $6,000. 25 % is $1,500, 50 % $3,000, 75 % $4,500.

/** The user's goal milestone notifications, lowest first (the order they come in: they only go up). */
async function milestones(userId: string) {
  const rows = await t()
    .database.db.select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, GOAL_MILESTONE_KIND)));
  const percent = (title: string) => Number(/(\d+) % there$/.exec(title)?.[1]);
  return rows.sort((a, b) => percent(a.title) - percent(b.title));
}

async function milestoneMails(email: string) {
  return t()
    .database.db.select({ subject: outboxMail.subject, text: outboxMail.textBody })
    .from(outboxMail)
    .where(and(eq(outboxMail.toAddress, email.toLowerCase()), eq(outboxMail.kind, GOAL_MILESTONE_KIND)));
}

const titles = async (userId: string) => (await milestones(userId)).map((n) => n.title);

describe('goal milestones', () => {
  it('crossing 50 % creates one notification (in the bell, and by mail), and going down and up again none', async () => {
    const user = await api.userWithGoal({ ...GOAL, saved_amount: 2000 }); // 33 %: 25 % announced at creation
    expect(user.goal.milestone_reached).toBe(25);
    expect(await titles(user.userId)).toEqual(['Japan trip: 25 % there']);
    t().clock.advance(1000); // after the first, so the bell lists the new one first

    const { goal } = await api.entry(user.token, user.goal.id, deposit(1000));
    expect(goal).toMatchObject({ saved_amount: 3000, milestone_reached: 50, progress_percent: 50 });
    expect(await milestones(user.userId)).toEqual([
      expect.objectContaining({ title: 'Japan trip: 25 % there' }),
      {
        title: 'Japan trip: 50 % there',
        message:
          'Nice work! You have saved $3,000.00 for "Japan trip", 50 % of your target of $6,000.00. Every deposit brings it closer.',
      },
    ]);
    const bell = await t().app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(user.token) });
    expect(bell.json().data[0]).toMatchObject({ title: 'Japan trip: 50 % there', is_read: false });
    const mails = await milestoneMails(user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Japan trip: 25 % there', 'Japan trip: 50 % there']);
    expect(mails.find((m) => m.subject.includes('50'))?.text).toContain(
      'You have saved $3,000.00 for "Japan trip", 50 % of your target of $6,000.00.',
    );

    // Down below 50 % (and 25 %) and back up: nothing new.
    await api.entry(user.token, user.goal.id, withdrawal(2000));
    const back = await api.entry(user.token, user.goal.id, deposit(2000));
    expect(back.goal.milestone_reached).toBe(50);
    expect(await milestones(user.userId)).toHaveLength(2);
    expect(await milestoneMails(user.email)).toHaveLength(2);
  });

  it('announces only the highest when one deposit crosses several, and 100 % once', async () => {
    const user = await api.userWithGoal();
    expect(await titles(user.userId)).toEqual([]);
    const { goal } = await api.entry(user.token, user.goal.id, deposit(4000)); // $4,600: 76.67 %
    expect(goal.milestone_reached).toBe(75);
    expect(await titles(user.userId)).toEqual(['Japan trip: 75 % there']);
    await api.entry(user.token, user.goal.id, deposit(1400));
    const all = await milestones(user.userId);
    expect(all.map((n) => n.title)).toEqual(['Japan trip: 75 % there', 'Japan trip: 100 % there']);
    expect(all[1]?.message).toBe(
      'You did it! You have saved $6,000.00 for "Japan trip", your whole target of $6,000.00.',
    );
    await api.entry(user.token, user.goal.id, deposit(500));
    expect(await milestones(user.userId)).toHaveLength(2);
  });

  it('compares in whole cents: $1,499.99 is not a quarter yet, $1,500.00 is', async () => {
    const user = await api.userWithGoal({ ...GOAL, saved_amount: 1499.99 });
    expect(user.goal).toMatchObject({ milestone_reached: 0, progress_percent: 25 });
    // A refused write announces nothing.
    expect((await api.addEntry(user.token, user.goal.id, { ...deposit(0.01), date: 'soon' })).statusCode).toBe(400);
    expect(await titles(user.userId)).toEqual([]);
    expect((await api.entry(user.token, user.goal.id, deposit(0.01))).goal.milestone_reached).toBe(25);
    expect(await titles(user.userId)).toEqual(['Japan trip: 25 % there']);
  });

  it('announces a milestone reached by an edit (a smaller target) or by deleting a withdrawal', async () => {
    const user = await api.userWithGoal();
    const smaller = await api.updateGoal(user.token, user.goal.id, { ...GOAL, target_amount: 1200, version: 1 });
    expect(smaller.json().data).toMatchObject({ milestone_reached: 50, progress_percent: 50 });
    expect(await titles(user.userId)).toEqual(['Japan trip: 50 % there']);

    const other = await api.userWithGoal({ ...GOAL, name: 'Car', saved_amount: 1000 });
    const w = await api.entry(other.token, other.goal.id, withdrawal(1000));
    await api.entry(other.token, other.goal.id, deposit(1400)); // $1,400: 23 %
    expect(await titles(other.userId)).toEqual([]);
    const res = await api.deleteEntry(other.token, other.goal.id, w.entry.id);
    expect(res.json().data.goal).toMatchObject({ saved_amount: 2400, milestone_reached: 25 });
    expect(await titles(other.userId)).toEqual(['Car: 25 % there']);
  });

  it('counts milestones per goal', async () => {
    const user = await api.userWithGoal();
    const second = (await api.createGoal(user.token, { ...GOAL, name: 'Car', saved_amount: 0 })).json().data;
    await api.entry(user.token, user.goal.id, deposit(900));
    await api.entry(user.token, second.id, deposit(1500));
    expect((await titles(user.userId)).sort()).toEqual(['Car: 25 % there', 'Japan trip: 25 % there']);
  });

  it('mails a milestone only when the reminder preferences say goal_milestones', async () => {
    const user = await api.userWithGoal();
    const preferences = {
      payment_due_reminders: true,
      payment_due_lead_days: 3,
      goal_milestones: false,
      monthly_summary: false,
      product_news: false,
    };
    const put = (goal_milestones: boolean) =>
      t().app.inject({
        method: 'PUT',
        url: '/api/v1/email-reminder-preferences',
        headers: bearer(user.token),
        payload: { ...preferences, goal_milestones },
      });
    expect((await put(false)).statusCode).toBe(200);
    await api.entry(user.token, user.goal.id, deposit(900));
    expect(await titles(user.userId)).toEqual(['Japan trip: 25 % there']);
    expect(await milestoneMails(user.email)).toEqual([]);

    await put(true);
    await api.entry(user.token, user.goal.id, deposit(1500));
    expect((await milestoneMails(user.email)).map((m) => m.subject)).toEqual(['Japan trip: 50 % there']);
  });
});
