import { ledgerAccounts, lifestyleGoals } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { GOAL, goalRequests } from './goal-requests.test-helpers.ts';

const t = useTestApp();
const api = goalRequests(t);

/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error). */
async function errorCode(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string }; code?: string }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
}

const goal = (userId: string) => ({
  userId,
  name: 'Japan trip',
  kind: 'travel' as const,
  targetAmountCents: cents(600_000),
  horizonYears: 1,
  targetDate: null,
  planStartedOn: '2026-11-21',
  planStartCents: cents(60_000),
  planMonthlyCents: cents(45_000),
});

describe('lifestyle goal constraints (a CHECK, not only the API)', () => {
  it.each([
    ['kind', 'boat'],
    ['targetAmountCents', 0],
    ['targetAmountCents', -1],
    ['planStartCents', -1],
    ['planMonthlyCents', -1],
    ['horizonYears', 2],
    ['apyPercent', '-0.5'],
    ['apyPercent', '100.5'],
    ['milestoneReached', 30],
    ['version', 0],
  ])('refuses a goal with %s = %s', async (column, value) => {
    const { session } = await register(t());
    const db = t().database.db;
    expect(await errorCode(db.insert(lifestyleGoals).values({ ...goal(session.user.id), [column]: value }))).toBe(
      '23514',
    );
  });

  it('takes exactly one of a horizon and a target date', async () => {
    const { session } = await register(t());
    const db = t().database.db;
    const base = goal(session.user.id);
    expect(await errorCode(db.insert(lifestyleGoals).values({ ...base, targetDate: '2027-11-21' }))).toBe('23514');
    expect(await errorCode(db.insert(lifestyleGoals).values({ ...base, horizonYears: null }))).toBe('23514');
    expect(
      await errorCode(db.insert(lifestyleGoals).values({ ...base, horizonYears: null, targetDate: '2027-11-21' })),
    ).toBeUndefined();
    expect(await errorCode(db.insert(lifestyleGoals).values(base))).toBeUndefined();
  });

  it("keeps its money in the goal's account of the ledger, which never goes below $0 and stays when the goal goes", async () => {
    const { token, userId, goal } = await api.userWithGoal();
    const db = t().database.db;
    const accountOf = async () =>
      (await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.subjectId, goal.id)))[0];
    expect(await accountOf()).toMatchObject({
      userId,
      kind: 'goal',
      name: GOAL.name,
      neverBelowZero: true,
      balanceCents: 60_000,
    });
    expect(await errorCode(db.update(ledgerAccounts).set({ balanceCents: cents(-1) }))).toBe('23001');
    // Deleting the goal moves its money out (to Outside Helo): the account stays, holding nothing.
    expect((await api.deleteGoal(token, goal.id)).statusCode).toBe(200);
    expect(await accountOf()).toMatchObject({ balanceCents: 0 });
  });
});
