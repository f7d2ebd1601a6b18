import { lifestyleGoals } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DAY_MS, deposit, GOAL, goalRequests, withdrawal } from './goal-requests.test-helpers.ts';

/**
 * The plan over time: each test gets its own app and clock (starting 21 Nov 2026, noon UTC), moved
 * forward by days, so "today" is known in every step.
 */
let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());
const t = () => app;
const api = goalRequests(t);

const read = async (token: string, id: string) => (await api.getGoal(token, id)).json().data;

/** Moves the clock by whole days and signs in again (an access token lasts 15 minutes). */
async function daysLater(days: number, email: string): Promise<string> {
  t().clock.advance(days * DAY_MS);
  return api.signIn(email);
}

describe('status and plan over time', () => {
  it('on track, behind a month later, on track after the deposit, behind past the date, then reached', async () => {
    const { goal, email, ...user } = await api.userWithGoal(); // $600 of $6,000 by 21 Nov 2027: $450 a month
    let token = user.token;
    expect(goal).toMatchObject({ status: 'on_track', plan: { expected_now: 600, months_left: 12 } });
    // A withdrawal on day one takes the goal below its plan.
    expect((await api.entry(token, goal.id, withdrawal(1))).goal.status).toBe('behind');
    expect((await api.entry(token, goal.id, deposit(1))).goal.status).toBe('on_track');

    token = await daysLater(30, email); // 21 Dec 2026: the plan expected one deposit of $450
    expect(await read(token, goal.id)).toMatchObject({
      status: 'behind',
      saved_amount: 600,
      // $5,400 in the 11 months left: $490.909… rounded up to the cent.
      plan: { expected_now: 1050, months_left: 11, monthly_needed: 490.91, started_on: '2026-11-21' },
    });
    const paid = (await api.entry(token, goal.id, deposit(450, '2026-12-21'))).goal;
    expect(paid).toMatchObject({ status: 'on_track', saved_amount: 1050, plan: { monthly_needed: 450 } });
    expect(paid.projection).toHaveLength(11);
    expect((paid.projection as { month: string }[])[0]?.month).toBe('2027-01');

    token = await daysLater(336, email); // 22 Nov 2027: the target day has passed
    const late = await read(token, goal.id);
    expect(late).toMatchObject({
      status: 'behind',
      target_date: '2027-11-21',
      // The plan expected the whole target by its day, and expects no more after it.
      plan: { expected_now: 6000, months_left: 1, monthly_needed: 4950 },
      projection: [{ month: '2027-12', balance: 6000 }],
    });
    const done = (await api.entry(token, goal.id, deposit(4950, '2027-11-22'))).goal;
    expect(done).toMatchObject({
      status: 'reached',
      saved_amount: 6000,
      progress_percent: 100,
      plan: { monthly_needed: 0, months_left: 0 },
      projection: [],
    });
  });

  it('counts the interest the plan expected: $10,000 in a year at 5 % APY expects $1,632.98 after two months', async () => {
    const { goal, email, ...user } = await api.userWithGoal({
      ...GOAL,
      target_amount: 10000,
      saved_amount: 0,
      apy: 5,
    });
    let token = user.token;
    expect(goal.plan.monthly_needed).toBe(814.83);
    token = await daysLater(61, email); // 21 Jan 2027
    await api.entry(token, goal.id, deposit(1632.97, '2027-01-21'));
    expect(await read(token, goal.id)).toMatchObject({ status: 'behind', plan: { expected_now: 1632.98 } });
    expect((await api.entry(token, goal.id, deposit(0.01, '2027-01-21'))).goal.status).toBe('on_track');
  });

  it('a goal saved in full at creation is reached, with nothing more to deposit', async () => {
    const { goal } = await api.userWithGoal({ ...GOAL, saved_amount: 6000 });
    expect(goal).toMatchObject({
      status: 'reached',
      progress_percent: 100,
      plan: { monthly_needed: 0, months_left: 12, expected_now: 6000 },
    });
    expect(goal.projection.at(-1)).toEqual({ month: '2027-11', balance: 6000 });
  });

  it('a new target, horizon, date or APY starts a new plan from today, with what the goal holds now', async () => {
    const { goal, email, ...user } = await api.userWithGoal();
    let token = user.token;
    token = await daysLater(40, email); // 31 Dec 2026: a month into the plan, nothing deposited
    const behind = await read(token, goal.id);
    expect(behind).toMatchObject({ status: 'behind', plan: { started_on: '2026-11-21', expected_now: 1050 } });

    // A new name alone keeps the plan, and the goal stays behind it.
    const renamed = await api.updateGoal(token, goal.id, { ...GOAL, name: 'Kyoto', version: 1 });
    expect(renamed.json().data).toMatchObject({ status: 'behind', plan: behind.plan, target_date: '2027-11-21' });

    const bigger = await api.updateGoal(token, goal.id, { ...GOAL, target_amount: 12600, version: 2 });
    expect(bigger.json().data).toMatchObject({
      target_amount: 12600,
      // The horizon counts from the new plan's day.
      target_date: '2027-12-31',
      plan: { started_on: '2026-12-31', monthly_needed: 1000, months_left: 12, expected_now: 600 },
      status: 'on_track',
      version: 3,
    });

    const dated = { ...GOAL, target_amount: 12600, horizon_years: null, target_date: '2027-06-30' };
    const toDate = await api.updateGoal(token, goal.id, { ...dated, version: 3 });
    expect(toDate.json().data).toMatchObject({
      horizon_years: null,
      target_date: '2027-06-30',
      plan: { monthly_needed: 2000, months_left: 6 },
    });

    const withApy = await api.updateGoal(token, goal.id, { ...dated, apy: 4.5, version: 4 });
    expect(withApy.json().data.apy).toBe(4.5);
    expect(withApy.json().data.plan.monthly_needed).toBeLessThan(2000);
    // The same answers again start nothing new.
    token = await daysLater(31, email);
    const same = await api.updateGoal(token, goal.id, { ...dated, apy: 4.5, version: 5 });
    expect(same.json().data.plan.started_on).toBe('2026-12-31');
    const [row] = await t().database.db.select().from(lifestyleGoals).where(eq(lifestyleGoals.id, goal.id));
    expect(row).toMatchObject({ planStartedOn: '2026-12-31', planStartCents: 60_000, apyPercent: '4.5000' });
    expect(row?.planMonthlyCents).toBe(Math.round(withApy.json().data.plan.monthly_needed * 100));
  });

  it('keeps a target date that has passed when it is sent back unchanged, but refuses a new one in the past', async () => {
    const { goal, email, ...user } = await api.userWithGoal({
      ...GOAL,
      horizon_years: null,
      target_date: '2026-12-15',
    });
    let token = user.token;
    token = await daysLater(30, email); // 21 Dec 2026
    const body = { ...GOAL, horizon_years: null, target_date: '2026-12-15', name: 'Late trip', version: 1 };
    const kept = await api.updateGoal(token, goal.id, body);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({
      name: 'Late trip',
      target_date: '2026-12-15',
      status: 'behind',
      plan: { months_left: 1, monthly_needed: 5400 },
    });
    const moved = await api.updateGoal(token, goal.id, { ...body, target_date: '2026-12-20', version: 2 });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([{ path: 'target_date', message: 'Target date must be after today' }]);
    // Moving it ahead starts a plan from today.
    const ahead = await api.updateGoal(token, goal.id, { ...body, target_date: '2027-06-21', version: 2 });
    expect(ahead.json().data).toMatchObject({
      status: 'on_track',
      plan: { started_on: '2026-12-21', months_left: 6, monthly_needed: 900 },
    });
  });
});
