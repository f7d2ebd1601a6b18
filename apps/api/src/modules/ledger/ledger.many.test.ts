import { ledgerJournals } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import {
  balanceOf,
  correctMany,
  createAccount,
  ensureAccount,
  liveJournalsOfGroups,
  post,
  repostMany,
  reverse,
  reverseMany,
} from './index.ts';
import { HOLDS, ledgerInvariants, ledgerUser, line } from './ledger.test-helpers.ts';

/** correct(), reverse() and repost() of many journals at once (many.ts): the same rules, all or nothing. */

const t = useTestApp();
const db = () => t().database.db;

async function threePurchases() {
  const userId = await ledgerUser(db());
  const checking = await createAccount(db(), userId, { kind: 'checking', name: 'Checking' });
  const food = await ensureAccount(db(), userId, { kind: 'spending', name: 'Food' });
  const rent = await ensureAccount(db(), userId, { kind: 'spending', name: 'Rent' });
  const bought = [];
  for (const cents of [1_000, 2_000, 3_000]) {
    bought.push(
      await post(db(), userId, {
        date: '2026-11-20',
        kind: 'test.spend',
        description: `Shop ${cents}`,
        lines: [line(checking.id, -cents), line(food.id, cents)],
        externalId: `bank-${cents}`,
        externalAccountId: checking.id,
      }),
    );
  }
  return { userId, checking, food, rent, bought };
}

describe('many journals at once', () => {
  it('corrects many, reverses the corrections and posts the journals before again: balances as at first', async () => {
    const { userId, checking, food, rent, bought } = await threePurchases();
    const after = await correctMany(
      db(),
      userId,
      bought.map((j) => ({
        journalId: j.id,
        replacement: {
          date: j.date,
          kind: j.kind,
          description: j.description,
          lines: [line(checking.id, -(j.lines[1]?.amountCents ?? 0)), line(rent.id, j.lines[1]?.amountCents ?? 0)],
          externalId: j.externalId,
          externalAccountId: checking.id,
        },
      })),
    );
    expect(after.map((j) => [j.groupId, j.version])).toEqual(bought.map((j) => [j.groupId, 2]));
    expect(await balanceOf(db(), userId, food.id)).toBe(0);
    expect(await balanceOf(db(), userId, rent.id)).toBe(6_000);
    await reverseMany(
      db(),
      userId,
      after.map((j) => j.id),
    );
    const back = await repostMany(
      db(),
      userId,
      bought.map((j) => j.id),
    );
    expect(back.map((j) => [j.groupId, j.version, j.externalId])).toEqual(
      bought.map((j) => [j.groupId, 3, j.externalId]),
    );
    expect(await balanceOf(db(), userId, food.id)).toBe(6_000);
    expect(await balanceOf(db(), userId, checking.id)).toBe(-6_000);
    const live = await liveJournalsOfGroups(
      db(),
      userId,
      'test.spend',
      bought.map((j) => j.groupId),
    );
    expect([...live.values()].map((j) => j.id).sort()).toEqual(back.map((j) => j.id).sort());
    expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
  });

  it('one journal that cannot be undone refuses the whole: nothing is written', async () => {
    const { userId, bought } = await threePurchases();
    const [, second] = bought;
    if (!second) throw new Error('no journal');
    await reverse(db(), userId, second.id);
    const count = async () =>
      (await db().select().from(ledgerJournals).where(eq(ledgerJournals.userId, userId))).length;
    const before = await count();
    await expect(
      reverseMany(
        db(),
        userId,
        bought.map((j) => j.id),
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'already_reversed' });
    // Another user's journal is not found, as one.
    const stranger = await ledgerUser(db());
    await expect(reverseMany(db(), stranger, [bought[0]?.id ?? ''])).rejects.toMatchObject({ statusCode: 404 });
    // A live group is not posted again.
    await expect(repostMany(db(), userId, [second.id, bought[0]?.id ?? ''])).rejects.toMatchObject({ statusCode: 404 });
    expect(await count()).toBe(before);
    expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
  });
});
