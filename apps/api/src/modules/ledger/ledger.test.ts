import { ledgerAccounts, ledgerJournals, ledgerPostings, users } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import {
  accountsOf,
  balanceOf,
  correct,
  createAccount,
  ensureAccount,
  LedgerRefusal,
  post,
  postMany,
  repost,
  reverse,
} from './index.ts';
import { errorCode, HOLDS, ledgerInvariants, ledgerUser, line } from './ledger.test-helpers.ts';

const t = useTestApp();
const db = () => t().database.db;

async function household() {
  const userId = await ledgerUser(db());
  const checking = await createAccount(db(), userId, { kind: 'checking', name: 'Checking', neverBelowZero: true });
  const fund = await ensureAccount(db(), userId, {
    kind: 'emergency_fund',
    name: 'Emergency fund',
    subjectId: crypto.randomUUID(),
    neverBelowZero: true,
  });
  const income = await ensureAccount(db(), userId, { kind: 'income', name: 'Income' });
  const groceries = await ensureAccount(db(), userId, { kind: 'spending', name: 'Groceries' });
  return { userId, checking, fund, income, groceries };
}

describe('the ledger', () => {
  it('posts a paycheck split between two accounts, and each balance is one row that adds up', async () => {
    const { userId, checking, fund, income } = await household();
    const posted = await post(db(), userId, {
      date: '2026-11-20',
      kind: 'test.paycheck',
      description: 'Acme payroll',
      lines: [line(income.id, -300_000), line(checking.id, 250_000), line(fund.id, 50_000)],
    });
    expect(posted.groupId).toBe(posted.id);
    expect(await balanceOf(db(), userId, checking.id)).toBe(250_000);
    expect(await balanceOf(db(), userId, fund.id)).toBe(50_000);
    expect(await balanceOf(db(), userId, income.id)).toBe(-300_000);
    expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
  });

  it('refuses, with a 409 naming the account, a journal that takes a "never below zero" account below zero; nothing is written', async () => {
    const { userId, checking, income, groceries } = await household();
    await post(db(), userId, {
      date: '2026-11-20',
      kind: 'test.paycheck',
      description: 'Pay',
      lines: [line(income.id, -10_000), line(checking.id, 10_000)],
    });
    const spend = post(db(), userId, {
      date: '2026-11-21',
      kind: 'test.spend',
      description: 'Market',
      lines: [line(checking.id, -10_001), line(groceries.id, 10_001)],
    });
    await expect(spend).rejects.toMatchObject({ statusCode: 409, code: 'below_zero', accountId: checking.id });
    await expect(spend).rejects.toThrow('Checking cannot go below $0.00');
    expect(await balanceOf(db(), userId, checking.id)).toBe(10_000);
    expect(await db().select().from(ledgerJournals).where(eq(ledgerJournals.userId, userId))).toHaveLength(1);
  });

  it('reverses a journal once: the balances come back, a second reversal and a reversal of the reversal are 409s', async () => {
    const { userId, checking, income } = await household();
    const pay = await post(db(), userId, {
      date: '2026-11-20',
      kind: 'test.paycheck',
      description: 'Pay',
      lines: [line(income.id, -10_000), line(checking.id, 10_000)],
    });
    const undo = await reverse(db(), userId, pay.id);
    expect(undo).toMatchObject({ reversesId: pay.id, groupId: pay.id, date: '2026-11-20' });
    expect(await balanceOf(db(), userId, checking.id)).toBe(0);
    await expect(reverse(db(), userId, pay.id)).rejects.toMatchObject({ statusCode: 409, code: 'already_reversed' });
    await expect(reverse(db(), userId, undo.id)).rejects.toMatchObject({ code: 'reversal_of_reversal' });
    expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
  });

  it('refuses the reversal of income already spent from a "never below zero" account', async () => {
    const { userId, checking, income, groceries } = await household();
    const pay = await post(db(), userId, {
      date: '2026-11-20',
      kind: 'test.paycheck',
      description: 'Pay',
      lines: [line(income.id, -10_000), line(checking.id, 10_000)],
    });
    await post(db(), userId, {
      date: '2026-11-21',
      kind: 'test.spend',
      description: 'Market',
      lines: [line(checking.id, -4_000), line(groceries.id, 4_000)],
    });
    await expect(reverse(db(), userId, pay.id)).rejects.toBeInstanceOf(LedgerRefusal);
    expect(await balanceOf(db(), userId, checking.id)).toBe(6_000);
  });

  it('an edit reverses and posts again under the same group, checked on its net effect', async () => {
    const { userId, checking, income, groceries } = await household();
    const pay = await post(db(), userId, {
      date: '2026-11-20',
      kind: 'test.paycheck',
      description: 'Pay',
      lines: [line(income.id, -10_000), line(checking.id, 10_000)],
    });
    await post(db(), userId, {
      date: '2026-11-21',
      kind: 'test.spend',
      description: 'Market',
      lines: [line(checking.id, -9_500), line(groceries.id, 9_500)],
    });
    // $100 → $96: taking the $100 back alone would cross zero, the change as a whole does not.
    const edited = await correct(db(), userId, pay.id, {
      date: '2026-11-20',
      kind: 'test.paycheck',
      description: 'Pay (corrected)',
      lines: [line(income.id, -9_600), line(checking.id, 9_600)],
    });
    expect(edited).toMatchObject({ groupId: pay.id, version: 2, description: 'Pay (corrected)' });
    expect(await balanceOf(db(), userId, checking.id)).toBe(100);
    await expect(
      correct(db(), userId, edited.id, {
        date: '2026-11-20',
        kind: 'test.paycheck',
        description: 'Pay',
        lines: [line(income.id, -9_000), line(checking.id, 9_000)],
      }),
    ).rejects.toMatchObject({ code: 'below_zero' });
    expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
  });

  it('a bank id is unique per account among live journals: the same FITID in another account, or after a delete, is fine', async () => {
    const { userId, checking, income } = await household();
    const savings = await createAccount(db(), userId, { kind: 'savings', name: 'Savings' });
    const deposit = (accountId: string) => ({
      date: '2026-11-20',
      kind: 'test.import',
      description: 'Deposit',
      externalId: 'FITID-1',
      externalAccountId: accountId,
      lines: [line(income.id, -100), line(accountId, 100)],
    });
    const first = await post(db(), userId, deposit(checking.id));
    await post(db(), userId, deposit(savings.id));
    expect(await errorCode(post(db(), userId, deposit(checking.id)))).toBe('23505');
    await reverse(db(), userId, first.id);
    await post(db(), userId, deposit(checking.id));
    expect(await balanceOf(db(), userId, checking.id)).toBe(100);
  });

  it('reposts a reversed journal as it was, under its group and bank id, once; never while the group is live', async () => {
    const { userId, checking, income, groceries } = await household();
    await post(db(), userId, {
      date: '2026-11-01',
      kind: 'test.paycheck',
      description: 'Pay',
      lines: [line(income.id, -10_000), line(checking.id, 10_000)],
    });
    const bought = await post(db(), userId, {
      date: '2026-11-20',
      kind: 'test.spend',
      description: 'Market',
      note: 'Weekly',
      externalId: 'FIT-1',
      externalAccountId: checking.id,
      lines: [line(checking.id, -2_500), line(groceries.id, 2_500)],
    });
    await expect(repost(db(), userId, bought.id)).rejects.toMatchObject({ statusCode: 404 });
    await reverse(db(), userId, bought.id);
    expect(await balanceOf(db(), userId, checking.id)).toBe(10_000);
    const back = await repost(db(), userId, bought.id);
    expect(back).toMatchObject({
      groupId: bought.groupId,
      version: 2,
      date: '2026-11-20',
      kind: 'test.spend',
      note: 'Weekly',
      externalId: 'FIT-1',
      createdAt: bought.createdAt,
    });
    expect(await balanceOf(db(), userId, checking.id)).toBe(7_500);
    // The group is live again: the same journal is not posted a second time.
    await expect(repost(db(), userId, bought.id)).rejects.toMatchObject({ statusCode: 409, code: 'already_reversed' });
    expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
  });

  it('posts an import of many journals in one go, or none of it when one would cross zero', async () => {
    const { userId, checking, income, groceries } = await household();
    const rows = Array.from({ length: 50 }, (_, i) => ({
      date: '2026-11-01',
      kind: 'test.import',
      description: `Row ${i}`,
      lines:
        i % 2 === 0
          ? [line(income.id, -1_000), line(checking.id, 1_000)]
          : [line(checking.id, -900), line(groceries.id, 900)],
    }));
    await postMany(db(), userId, rows);
    expect(await balanceOf(db(), userId, checking.id)).toBe(25 * 100);
    const income10 = {
      date: '2026-11-02',
      kind: 'test.import',
      description: 'Pay',
      lines: [line(income.id, -1_000), line(checking.id, 1_000)],
    };
    const overdraw = {
      date: '2026-11-02',
      kind: 'test.import',
      description: 'Too much',
      lines: [line(checking.id, -4_000), line(groceries.id, 4_000)],
    };
    // $25 + $10 − $40 would cross zero: the $10 that came first is not kept either.
    await expect(postMany(db(), userId, [income10, overdraw])).rejects.toMatchObject({ code: 'below_zero' });
    expect(await balanceOf(db(), userId, checking.id)).toBe(2_500);
  });

  it("another user's account or journal is a 404, and their balances are untouched", async () => {
    const mine = await household();
    const theirs = await household();
    const stranger = post(db(), mine.userId, {
      date: '2026-11-20',
      kind: 'test.paycheck',
      description: 'Pay',
      lines: [line(mine.income.id, -100), line(theirs.checking.id, 100)],
    });
    await expect(stranger).rejects.toMatchObject({ statusCode: 404 });
    const pay = await post(db(), theirs.userId, {
      date: '2026-11-20',
      kind: 'test.paycheck',
      description: 'Pay',
      lines: [line(theirs.income.id, -100), line(theirs.checking.id, 100)],
    });
    await expect(reverse(db(), mine.userId, pay.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(balanceOf(db(), mine.userId, theirs.checking.id)).rejects.toMatchObject({ statusCode: 404 });
    expect(await balanceOf(db(), theirs.userId, theirs.checking.id)).toBe(100);
  });

  it('ensureAccount gives the same account for the same subject or outside name', async () => {
    const { userId, fund, groceries } = await household();
    const subjectId = crypto.randomUUID();
    const a = await ensureAccount(db(), userId, { kind: 'goal', name: 'Trip', subjectId });
    const b = await ensureAccount(db(), userId, { kind: 'goal', name: 'Trip', subjectId });
    expect(b.id).toBe(a.id);
    expect((await ensureAccount(db(), userId, { kind: 'spending', name: 'Groceries' })).id).toBe(groceries.id);
    expect((await accountsOf(db(), userId)).map((x) => x.id)).toContain(fund.id);
  });
});

describe('the database keeps the ledger whatever the code does', () => {
  it('refuses postings that do not sum to zero, a changed posting or journal, and a balance written by hand', async () => {
    const { userId, checking, income } = await household();
    const pay = await post(db(), userId, {
      date: '2026-11-20',
      kind: 'test.paycheck',
      description: 'Pay',
      lines: [line(income.id, -100), line(checking.id, 100)],
    });
    expect(
      await errorCode(
        db()
          .insert(ledgerPostings)
          .values({ journalId: pay.id, userId, accountId: checking.id, amountCents: 5 as never, date: '2026-11-20' }),
      ),
    ).toBe('23514');
    expect(
      await errorCode(
        db()
          .update(ledgerPostings)
          .set({ amountCents: 200 as never })
          .where(eq(ledgerPostings.journalId, pay.id)),
      ),
    ).toBe('23001');
    expect(
      await errorCode(db().update(ledgerJournals).set({ description: 'x' }).where(eq(ledgerJournals.id, pay.id))),
    ).toBe('23001');
    expect(
      await errorCode(
        db()
          .update(ledgerAccounts)
          .set({ balanceCents: 1 as never })
          .where(eq(ledgerAccounts.id, checking.id)),
      ),
    ).toBe('23001');
    expect(await errorCode(db().delete(ledgerAccounts).where(eq(ledgerAccounts.id, checking.id)))).toBe('23503');
    expect(await balanceOf(db(), userId, checking.id)).toBe(100);
    // Renaming an account is fine; only its money is the ledger's.
    await db().update(ledgerAccounts).set({ name: 'Everyday' }).where(eq(ledgerAccounts.id, checking.id));
  });

  it('deleting the user takes accounts, journals and postings together', async () => {
    const { userId, checking, income } = await household();
    await post(db(), userId, {
      date: '2026-11-20',
      kind: 'test.paycheck',
      description: 'Pay',
      lines: [line(income.id, -100), line(checking.id, 100)],
    });
    await db().delete(users).where(eq(users.id, userId));
    expect(await db().select().from(ledgerPostings).where(eq(ledgerPostings.userId, userId))).toEqual([]);
    expect(await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId))).toEqual([]);
  });
});
