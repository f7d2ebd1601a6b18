import { budgetCategories, userBudgets } from '@helo/db/schema';
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

async function userWithBudget() {
  const { session } = await register(t());
  const userId = session.user.id;
  const [row] = await t()
    .database.db.insert(userBudgets)
    .values({ userId, month: '2026-11', netIncomeCents: cents(100_000) })
    .returning();
  if (!row) throw new Error('no budget');
  const category = { userId, budgetId: row.id, group: 'needs' as const, plannedCents: cents(500), position: 0 };
  return { userId, budget: row, category };
}

describe('budget constraints (a CHECK or an index, not only the API)', () => {
  it.each([
    ['month', '2026-13'],
    ['month', '2026-1'],
    ['month', '2026-11-01'],
    ['netIncomeCents', -1],
    ['version', 0],
  ])('refuses a budget with %s = %s', async (column, value) => {
    const { session } = await register(t());
    const row = { userId: session.user.id, month: '2026-11', netIncomeCents: cents(1), [column]: value };
    expect(await errorCode(t().database.db.insert(userBudgets).values(row))).toBe('23514');
  });

  it('keeps one budget per user and month', async () => {
    const { userId } = await userWithBudget();
    const again = t()
      .database.db.insert(userBudgets)
      .values({ userId, month: '2026-11', netIncomeCents: cents(1) });
    expect(await errorCode(again)).toBe('23505');
  });

  it('refuses a category with a negative amount or an unknown group, and a name used twice in any case', async () => {
    const { category } = await userWithBudget();
    const db = t().database.db;
    expect(
      await errorCode(db.insert(budgetCategories).values({ ...category, name: 'A', plannedCents: cents(-1) as never })),
    ).toBe('23514');
    expect(
      await errorCode(db.insert(budgetCategories).values({ ...category, name: 'A', group: 'fun' as 'needs' })),
    ).toBe('23514');
    expect(await errorCode(db.insert(budgetCategories).values({ ...category, name: 'Rent' }))).toBeUndefined();
    expect(await errorCode(db.insert(budgetCategories).values({ ...category, name: 'RENT', position: 1 }))).toBe(
      '23505',
    );
  });

  it("deletes a budget's categories with it", async () => {
    const { budget, category } = await userWithBudget();
    const db = t().database.db;
    await db.insert(budgetCategories).values({ ...category, name: 'Rent' });
    await db.delete(userBudgets).where(eq(userBudgets.id, budget.id));
    expect(await db.select().from(budgetCategories).where(eq(budgetCategories.budgetId, budget.id))).toEqual([]);
  });
});
