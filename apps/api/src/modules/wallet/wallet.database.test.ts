import { nestAccounts, walletImports, walletTransactions } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { and, eq, sql } from 'drizzle-orm';
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
    expect(plan).toContain('wallet_transactions_user_search_idx');
  });

  it("keeps each user's running total equal to the sum of their transactions, whatever writes them", async () => {
    const a = await walletUser();
    const b = await walletUser();
    const db = t().database.db;
    const totals = async () => {
      const result = (await db.execute(sql`
        select n.user_id, n.wallet_transactions_cents::bigint as kept,
          coalesce((select sum(w.amount_cents) from wallet_transactions w where w.user_id = n.user_id), 0)::bigint as summed
        from nest_accounts n where n.user_id in (${a}, ${b})`)) as unknown as {
        rows: { user_id: string; kept: string | number; summed: string | number }[];
      };
      return Object.fromEntries(result.rows.map((r) => [r.user_id, [Number(r.kept), Number(r.summed)]]));
    };
    // One statement with both users' rows, as a script could write.
    await db.insert(walletTransactions).values([
      { ...row(a), amountCents: cents(-1_250) },
      { ...row(a), amountCents: cents(300_000) },
      { ...row(b), amountCents: cents(-999) },
    ]);
    expect(await totals()).toEqual({ [a]: [298_750, 298_750], [b]: [-999, -999] });
    // An update that moves amounts of both users at once, then a delete.
    await db.execute(sql`update wallet_transactions set amount_cents = amount_cents * 2 where user_id in (${a}, ${b})`);
    expect(await totals()).toEqual({ [a]: [597_500, 597_500], [b]: [-1_998, -1_998] });
    await db.delete(walletTransactions).where(and(eq(walletTransactions.userId, a), sql`amount_cents < 0`));
    expect(await totals()).toEqual({ [a]: [600_000, 600_000], [b]: [-1_998, -1_998] });
  });
  it("leaves an import's staged rows out of the running total and count until the import is committed", async () => {
    const a = await walletUser();
    const b = await walletUser();
    const db = t().database.db;
    const kept = async (userId: string) => {
      const [n] = await db
        .select({ cents: nestAccounts.walletTransactionsCents, count: nestAccounts.walletTransactionsCount })
        .from(nestAccounts)
        .where(eq(nestAccounts.userId, userId));
      return n;
    };
    const newImport = async () => {
      const made = await db
        .insert(walletImports)
        .values({ userId: a, fileName: 'bank.csv', format: 'csv', content: 'x' })
        .returning({ id: walletImports.id });
      return made.map((r) => r.id)[0] as string;
    };
    const staging = await newImport();
    // One statement: a's row entered by hand, two of a's staged rows, and b's row.
    await db.insert(walletTransactions).values([
      { ...row(a), amountCents: cents(-1_000) },
      { ...row(a), amountCents: cents(-500), importId: staging },
      { ...row(a), amountCents: cents(-700), importId: staging },
      { ...row(b), amountCents: cents(-999) },
    ]);
    expect(await kept(a)).toEqual({ cents: -1_000, count: 1 });
    expect(await kept(b)).toEqual({ cents: -999, count: 1 });
    // Staged rows changed or deleted before the commit: the totals do not move.
    await db.execute(sql`update wallet_transactions set amount_cents = amount_cents * 2 where import_id = ${staging}`);
    await db
      .delete(walletTransactions)
      .where(and(eq(walletTransactions.userId, a), eq(walletTransactions.amountCents, cents(-1_400))));
    expect(await kept(a)).toEqual({ cents: -1_000, count: 1 });
    // The commit publishes the import's rows (now one of -$10.00).
    await db
      .update(walletImports)
      .set({ committedAt: new Date(), insertedCount: 1 })
      .where(eq(walletImports.id, staging));
    expect(await kept(a)).toEqual({ cents: -2_000, count: 2 });
    // An import deleted before its commit takes its staged rows with it; they never counted.
    const abandoned = await newImport();
    await db.insert(walletTransactions).values({ ...row(a), amountCents: cents(-300), importId: abandoned });
    await db.delete(walletImports).where(eq(walletImports.id, abandoned));
    const left = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, a));
    expect(left.map((r) => [r.importId, r.amountCents])).toEqual(
      expect.arrayContaining([
        [null, -1_000],
        [staging, -1_000],
      ]),
    );
    expect(left).toHaveLength(2);
    expect(await kept(a)).toEqual({ cents: -2_000, count: 2 });
    expect(await kept(b)).toEqual({ cents: -999, count: 1 });
  });
});
