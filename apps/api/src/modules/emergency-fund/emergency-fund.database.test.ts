import { emergencyFunds, ledgerAccounts } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { fundRequests, SETUP } from './fund-requests.test-helpers.ts';

const t = useTestApp();
const api = fundRequests(t);

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
  monthlyIncomeCents: cents(400_000),
  monthlySavingCents: cents(20_000),
  monthlySavingWantCents: cents(50_000),
});

describe('emergency fund constraints (a CHECK, not only the API)', () => {
  it.each([
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

  it('keeps one fund per user', async () => {
    const { session } = await register(t());
    const db = t().database.db;
    const [row] = await db.insert(emergencyFunds).values(fund(session.user.id)).returning();
    expect(row?.milestoneReached).toBe(0);
    expect(await errorCode(db.insert(emergencyFunds).values(fund(session.user.id)))).toBe('23505');
  });

  it("keeps its money in the fund's account of the ledger, which refuses to go below $0", async () => {
    const { userId, fund: made } = await api.userWithFund(SETUP);
    const db = t().database.db;
    const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.subjectId, made.id));
    expect(account).toMatchObject({
      userId,
      kind: 'emergency_fund',
      name: 'Emergency fund',
      neverBelowZero: true,
      balanceCents: 100_000,
    });
    // The balance is the postings' (a trigger's): no statement may set it, let alone below zero.
    expect(
      await errorCode(
        db
          .update(ledgerAccounts)
          .set({ balanceCents: cents(-1) })
          .where(eq(ledgerAccounts.id, account?.id ?? '')),
      ),
    ).toBe('23001');
  });
});
