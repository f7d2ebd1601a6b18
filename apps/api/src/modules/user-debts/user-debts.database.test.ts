import { userDebts } from '@helo/db/schema';
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

describe('user_debts constraints', () => {
  const loan = (userId: string) => ({
    userId,
    debtId: 1,
    initialLoanAmountCents: cents(2_500_000),
    monthlyPaymentCents: cents(45_000),
    interestRate: '6.5000',
    dueDate: '2026-12-05',
    dueDay: 5,
    position: 0,
  });

  it.each([
    ['initialLoanAmountCents', -1],
    ['monthlyPaymentCents', -100],
    ['interestRate', '-0.0001'],
    ['interestRate', '100.0001'],
    ['version', 0],
  ])('refuses %s = %s written straight to the table (a CHECK, not only the API)', async (column, value) => {
    const { session } = await register(t());
    const db = t().database.db;
    expect(await errorCode(db.insert(userDebts).values({ ...loan(session.user.id), [column]: value }))).toBe('23514');
  });

  it('accepts the bounds the contract accepts: zero amounts, 0 % and 100 %', async () => {
    const { session } = await register(t());
    const zero = { initialLoanAmountCents: cents(0), monthlyPaymentCents: cents(0) };
    const rows = await t()
      .database.db.insert(userDebts)
      .values([
        { ...loan(session.user.id), ...zero, interestRate: '0' },
        { ...loan(session.user.id), interestRate: '100', position: 1 },
      ])
      .returning();
    expect(rows.map((r) => r.version)).toEqual([1, 1]);
  });
});
