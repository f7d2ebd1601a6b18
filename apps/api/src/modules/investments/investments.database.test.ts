import { investmentAccounts, investmentProfiles } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { eq } from 'drizzle-orm';
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

const profile = (userId: string) => ({ userId, birthYear: 1986, retirementAge: 65 });
const account = (userId: string) => ({
  userId,
  name: 'Work 401k',
  kind: '401k' as const,
  monthlyContributionCents: cents(50_000),
  expectedReturnPercent: '7',
});

/** A user with a profile, whose key the accounts reference. */
async function userWithProfile() {
  const { session } = await register(t());
  const [row] = await t().database.db.insert(investmentProfiles).values(profile(session.user.id)).returning();
  return { userId: session.user.id, row };
}

describe('investment constraints (a CHECK, not only the API)', () => {
  it.each([
    ['birthYear', 1899],
    ['birthYear', 2200],
    ['retirementAge', 17],
    ['retirementAge', 101],
    ['inflationPercent', '-0.01'],
    ['inflationPercent', '20.01'],
    ['version', 0],
  ])('refuses a profile with %s = %s', async (column, value) => {
    const { session } = await register(t());
    const db = t().database.db;
    expect(
      await errorCode(db.insert(investmentProfiles).values({ ...profile(session.user.id), [column]: value })),
    ).toBe('23514');
  });

  it('keeps one profile a user, with 2.5 % inflation by default', async () => {
    const { userId, row } = await userWithProfile();
    expect(row).toMatchObject({ inflationPercent: '2.50', version: 1 });
    expect(await errorCode(t().database.db.insert(investmentProfiles).values(profile(userId)))).toBe('23505');
  });

  it.each([
    ['kind', '403b'],
    ['monthlyContributionCents', -1],
    ['employerMonthlyContributionCents', -1],
    ['expectedReturnPercent', '-50.01'],
    ['expectedReturnPercent', '50.01'],
    ['version', 0],
  ])('refuses an account with %s = %s', async (column, value) => {
    const { userId } = await userWithProfile();
    const db = t().database.db;
    expect(await errorCode(db.insert(investmentAccounts).values({ ...account(userId), [column]: value }))).toBe(
      '23514',
    );
  });

  it('refuses an account without a profile (foreign key)', async () => {
    const { session } = await register(t());
    expect(await errorCode(t().database.db.insert(investmentAccounts).values(account(session.user.id)))).toBe('23503');
  });

  it('deletes the accounts with the profile', async () => {
    const { userId } = await userWithProfile();
    const db = t().database.db;
    await db.insert(investmentAccounts).values(account(userId));
    await db.delete(investmentProfiles).where(eq(investmentProfiles.userId, userId));
    expect(await db.select().from(investmentAccounts).where(eq(investmentAccounts.userId, userId))).toEqual([]);
  });
});
