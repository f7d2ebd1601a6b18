import { nestAccounts, walletTransactions } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { searchCondition } from './wallet.repository.ts';

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

async function walletUser(): Promise<string> {
  const { session } = await register(t());
  await t().database.db.insert(nestAccounts).values({ userId: session.user.id, activatedAt: new Date() });
  return session.user.id;
}

const row = (userId: string) => ({
  userId,
  date: '2026-11-20',
  payee: 'Corner shop',
  amountCents: cents(-1_250),
});

describe('wallet_transactions constraints', () => {
  it.each([
    ['amountCents', 0],
    ['version', 0],
  ])('refuses %s = %s written straight to the table (a CHECK, not only the API)', async (column, value) => {
    const userId = await walletUser();
    const db = t().database.db;
    expect(await errorCode(db.insert(walletTransactions).values({ ...row(userId), [column]: value }))).toBe('23514');
  });

  it('needs the Money Nest: a user without one can have no transaction (foreign key)', async () => {
    const { session } = await register(t());
    const db = t().database.db;
    expect(await errorCode(db.insert(walletTransactions).values(row(session.user.id)))).toBe('23503');
  });

  it("a bank's FITID once per user, any number of times across users and without one", async () => {
    const a = await walletUser();
    const b = await walletUser();
    const db = t().database.db;
    await db
      .insert(walletTransactions)
      .values([{ ...row(a), fitid: 'BANK-1' }, { ...row(b), fitid: 'BANK-1' }, row(a), row(a)]);
    expect(await errorCode(db.insert(walletTransactions).values({ ...row(a), fitid: 'BANK-1' }))).toBe('23505');
  });

  it('defaults a row to Uncategorized and version 1', async () => {
    const userId = await walletUser();
    const [made] = await t().database.db.insert(walletTransactions).values(row(userId)).returning();
    expect(made).toMatchObject({ category: 'Uncategorized', version: 1, note: null, fitid: null, importId: null });
  });

  it("the list's search is the trigram index's expression, so PostgreSQL can answer it from the index", async () => {
    const plan = await t().database.db.transaction(async (tx) => {
      // The table is tiny here: without this the planner would rightly read it whole.
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx
        .select({ id: walletTransactions.id })
        .from(walletTransactions)
        .where(searchCondition('milk 100%'));
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('wallet_transactions_search_idx');
  });
});
