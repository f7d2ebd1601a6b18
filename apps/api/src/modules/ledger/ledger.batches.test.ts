import { randomUUID } from 'node:crypto';
import { ledgerBatches, ledgerJournals, ledgerPostings } from '@helo/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import {
  balanceOf,
  createAccount,
  discardStaged,
  ensureAccount,
  type JournalInput,
  liveJournals,
  post,
  publish,
  reverse,
  searchCondition,
  stage,
} from './index.ts';
import { errorCode, HOLDS, ledgerInvariants, ledgerUser, line } from './ledger.test-helpers.ts';

const t = useTestApp();
const db = () => t().database.db;

async function household() {
  const userId = await ledgerUser(db());
  const checking = await createAccount(db(), userId, { kind: 'checking', name: 'Checking' });
  const savings = await createAccount(db(), userId, { kind: 'savings', name: 'Savings', neverBelowZero: true });
  const income = await ensureAccount(db(), userId, { kind: 'income', name: 'Income' });
  const shop = await ensureAccount(db(), userId, { kind: 'spending', name: 'Shop' });
  return { userId, checking, savings, income, shop };
}

const spend = (accountId: string, shopId: string, cents: number, externalId?: string): JournalInput => ({
  date: '2026-11-20',
  kind: 'test.import',
  description: `Spend ${cents}`,
  externalId: externalId ?? null,
  externalAccountId: externalId ? accountId : null,
  lines: [line(accountId, -cents), line(shopId, cents)],
});

const listed = async (userId: string) =>
  (await liveJournals(db(), userId, { kind: 'test.import' }, 100)).journals.map((j) => j.description);

describe('a batch of journals', () => {
  it('is staged until published: in no balance and no list; publishing adds every account its sum at once', async () => {
    const { userId, checking, shop } = await household();
    const batch = randomUUID();
    expect(await stage(db(), userId, batch, [spend(checking.id, shop.id, 100), spend(checking.id, shop.id, 250)])).toBe(
      2,
    );
    expect(await stage(db(), userId, batch, [spend(checking.id, shop.id, 50)])).toBe(1);
    expect(await balanceOf(db(), userId, checking.id)).toBe(0);
    expect(await balanceOf(db(), userId, shop.id)).toBe(0);
    expect(await listed(userId)).toEqual([]);

    expect(await publish(db(), userId, batch, new Date())).toBe(true);
    expect(await balanceOf(db(), userId, checking.id)).toBe(-400);
    expect(await balanceOf(db(), userId, shop.id)).toBe(400);
    expect((await listed(userId)).sort()).toEqual(['Spend 100', 'Spend 250', 'Spend 50']);
    expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
    // Published once: again is nothing, and staging into it is refused.
    expect(await publish(db(), userId, batch, new Date())).toBe(false);
    await expect(stage(db(), userId, batch, [spend(checking.id, shop.id, 1)])).rejects.toThrow(
      /before it is published/,
    );
  });

  it('publishing that would take a "never below zero" account below zero is a 409, and nothing is published', async () => {
    const { userId, savings, income, shop } = await household();
    await post(db(), userId, {
      date: '2026-11-01',
      kind: 'test.pay',
      description: 'Pay',
      lines: [line(income.id, -300), line(savings.id, 300)],
    });
    const batch = randomUUID();
    await stage(db(), userId, batch, [spend(savings.id, shop.id, 200), spend(savings.id, shop.id, 200)]);
    await expect(publish(db(), userId, batch, new Date())).rejects.toMatchObject({
      statusCode: 409,
      code: 'below_zero',
    });
    expect(await balanceOf(db(), userId, savings.id)).toBe(300);
    expect(await listed(userId)).toEqual([]);
  });

  it('discarding deletes staged journals only, a few at a time, then the empty batch; balances never move', async () => {
    const { userId, checking, shop } = await household();
    const kept = randomUUID();
    await stage(db(), userId, kept, [spend(checking.id, shop.id, 10)]);
    await publish(db(), userId, kept, new Date());
    const dropped = randomUUID();
    await stage(
      db(),
      userId,
      dropped,
      Array.from({ length: 5 }, (_, i) => spend(checking.id, shop.id, 100 + i, `BANK-${i}`)),
    );
    expect(await discardStaged(db(), userId, 2)).toBe(2);
    expect(await discardStaged(db(), userId, 2)).toBe(2);
    expect(await discardStaged(db(), userId, 2)).toBe(1);
    // No journal left: the batch itself goes; then there is nothing.
    expect(await discardStaged(db(), userId, 2)).toBe(1);
    expect(await discardStaged(db(), userId, 2)).toBe(0);
    expect(await balanceOf(db(), userId, checking.id)).toBe(-10);
    expect(await listed(userId)).toEqual(['Spend 10']);
    const batches = await db().select().from(ledgerBatches).where(eq(ledgerBatches.userId, userId));
    expect(batches.map((b) => b.id)).toEqual([kept]);
    // The bank ids the discarded journals held are free again.
    const again = randomUUID();
    expect(await stage(db(), userId, again, [spend(checking.id, shop.id, 100, 'BANK-0')])).toBe(1);
    expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
  });

  it('a bank id already live in the account leaves its journal out of the batch instead of failing it', async () => {
    const { userId, checking, savings, shop } = await household();
    await post(db(), userId, spend(checking.id, shop.id, 75, 'FITID-7'));
    const batch = randomUUID();
    const staged = await stage(db(), userId, batch, [
      spend(checking.id, shop.id, 75, 'FITID-7'),
      spend(savings.id, shop.id, 75, 'FITID-7'),
      spend(checking.id, shop.id, 80, 'FITID-8'),
    ]);
    expect(staged).toBe(2);
    expect(await errorCode(post(db(), userId, spend(checking.id, shop.id, 80, 'FITID-8')))).toBe('23505');
  });

  it("another user's batch or account is refused, and a staged journal cannot be reversed", async () => {
    const mine = await household();
    const theirs = await household();
    const batch = randomUUID();
    await stage(db(), theirs.userId, batch, [spend(theirs.checking.id, theirs.shop.id, 5)]);
    await expect(stage(db(), mine.userId, batch, [spend(mine.checking.id, mine.shop.id, 5)])).rejects.toThrow();
    await expect(
      stage(db(), mine.userId, randomUUID(), [spend(theirs.checking.id, mine.shop.id, 5)]),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await publish(db(), mine.userId, batch, new Date())).toBe(false);
    const [staged] = await db().select().from(ledgerJournals).where(eq(ledgerJournals.batchId, batch));
    await expect(reverse(db(), theirs.userId, staged?.id ?? '')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('the database keeps batches whatever the code does', () => {
  it('refuses a posting whose batch is not its journal’s, and a published batch made staged again', async () => {
    const { userId, checking, shop } = await household();
    const batch = randomUUID();
    await stage(db(), userId, batch, [spend(checking.id, shop.id, 100)]);
    await publish(db(), userId, batch, new Date());
    const [journal] = await db().select().from(ledgerJournals).where(eq(ledgerJournals.batchId, batch));
    const pay = await post(db(), userId, spend(checking.id, shop.id, 1));
    // Two postings that balance, of a journal outside the batch, claiming to be in it.
    const wrong = db()
      .insert(ledgerPostings)
      .values([
        {
          journalId: pay.id,
          userId,
          accountId: checking.id,
          amountCents: 5 as never,
          date: '2026-11-20',
          batchId: batch,
        },
        { journalId: pay.id, userId, accountId: shop.id, amountCents: -5 as never, date: '2026-11-20', batchId: batch },
      ]);
    expect(await errorCode(wrong)).toBe('23514');
    expect(journal).toBeDefined();
    const unpublish = db()
      .update(ledgerBatches)
      .set({ publishedAt: null })
      .where(and(eq(ledgerBatches.id, batch), eq(ledgerBatches.userId, userId)));
    expect(await errorCode(unpublish)).toBe('23001');
    expect(await balanceOf(db(), userId, checking.id)).toBe(-101);
  });

  it("a journal's line on an account is one index look-up (no intersection of two indexes, which without statistics read the account's every posting per journal)", async () => {
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = sql`select 1 from ledger_postings where journal_id = ${randomUUID()} and account_id = ${randomUUID()}`;
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('ledger_postings_journal_idx');
    expect(plan).not.toContain('BitmapAnd');
  });

  it("the wallet's search is the trigram index's expression, so PostgreSQL can answer it from the index", async () => {
    const plan = await db().transaction(async (tx) => {
      // The table is tiny here: without this the planner would rightly read it whole.
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx.select({ id: ledgerJournals.id }).from(ledgerJournals).where(searchCondition('milk 100%'));
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('ledger_journals_search_idx');
  });
});
