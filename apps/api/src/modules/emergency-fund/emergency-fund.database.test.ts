import { emergencyFundEntries, emergencyFunds } from '@helo/db/schema';
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

const fund = (userId: string) => ({
  userId,
  isSaving: true,
  startingAmountCents: cents(100_000),
  monthlyIncomeCents: cents(400_000),
  monthlySavingCents: cents(20_000),
  monthlySavingWantCents: cents(50_000),
});

describe('emergency fund constraints (a CHECK, not only the API)', () => {
  it.each([
    ['startingAmountCents', -1],
    ['monthlyIncomeCents', -1],
    ['monthlySavingCents', -1],
    ['monthlySavingWantCents', -1],
    ['milestoneReached', 30],
    ['milestoneReached', -25],
  ])('refuses a fund with %s = %s', async (column, value) => {
    const { session } = await register(t());
    const db = t().database.db;
    expect(await errorCode(db.insert(emergencyFunds).values({ ...fund(session.user.id), [column]: value }))).toBe(
      '23514',
    );
  });

  it('keeps one fund per user, and refuses an entry of 0 cents or of an unknown kind', async () => {
    const { session } = await register(t());
    const db = t().database.db;
    const [row] = await db.insert(emergencyFunds).values(fund(session.user.id)).returning();
    expect(row?.milestoneReached).toBe(0);
    expect(await errorCode(db.insert(emergencyFunds).values(fund(session.user.id)))).toBe('23505');
    const entry = { userId: session.user.id, fundId: row?.id ?? '', kind: 'deposit' as const, date: '2026-11-20' };
    expect(await errorCode(db.insert(emergencyFundEntries).values({ ...entry, amountCents: cents(0) }))).toBe('23514');
    expect(
      await errorCode(
        db.insert(emergencyFundEntries).values({ ...entry, amountCents: cents(1), kind: 'transfer' as 'deposit' }),
      ),
    ).toBe('23514');
    expect(
      await errorCode(db.insert(emergencyFundEntries).values({ ...entry, amountCents: cents(1) })),
    ).toBeUndefined();
  });
});
