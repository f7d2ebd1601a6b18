import { lifestyleGoalEntries, lifestyleGoals } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

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
  startingAmountCents: cents(60_000),
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
    ['startingAmountCents', -1],
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

  it('refuses an entry of 0 cents or of an unknown kind, and deletes the entries with their goal', async () => {
    const { session } = await register(t());
    const db = t().database.db;
    const [row] = await db.insert(lifestyleGoals).values(goal(session.user.id)).returning();
    expect(row).toMatchObject({ milestoneReached: 0, version: 1, apyPercent: '0.0000' });
    const entry = { userId: session.user.id, goalId: row?.id ?? '', kind: 'deposit' as const, date: '2026-11-20' };
    expect(await errorCode(db.insert(lifestyleGoalEntries).values({ ...entry, amountCents: cents(0) }))).toBe('23514');
    expect(
      await errorCode(
        db.insert(lifestyleGoalEntries).values({ ...entry, amountCents: cents(1), kind: 'transfer' as 'deposit' }),
      ),
    ).toBe('23514');
    expect(
      await errorCode(db.insert(lifestyleGoalEntries).values({ ...entry, amountCents: cents(1) })),
    ).toBeUndefined();
    await db.delete(lifestyleGoals);
    expect(await db.select().from(lifestyleGoalEntries)).toEqual([]);
  });
});
