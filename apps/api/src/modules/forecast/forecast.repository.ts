import type { Db } from '@helo/db/client';
import { forecastAccountFloors, forecastAlerts, forecastSettings, users } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';

/** The user's floor (0 without a row) and their accounts' own floors. */
export async function findFloors(
  db: Db,
  userId: string,
): Promise<{ floorCents: number; accounts: Map<string, number> }> {
  const [row] = await db.select().from(forecastSettings).where(eq(forecastSettings.userId, userId));
  const rows = await db.select().from(forecastAccountFloors).where(eq(forecastAccountFloors.userId, userId));
  return { floorCents: row?.floorCents ?? 0, accounts: new Map(rows.map((r) => [r.accountId, r.floorCents])) };
}

/** Saves the user's floor; each account floor given is set (a number) or removed (null). */
export async function saveFloors(
  tx: Db,
  userId: string,
  floorCents: Cents,
  accounts: readonly { accountId: string; floorCents: Cents | null }[],
  now: Date,
): Promise<void> {
  await tx
    .insert(forecastSettings)
    .values({ userId, floorCents, updatedAt: now })
    .onConflictDoUpdate({ target: forecastSettings.userId, set: { floorCents, updatedAt: now } });
  for (const a of accounts) {
    if (a.floorCents === null) {
      await tx
        .delete(forecastAccountFloors)
        .where(and(eq(forecastAccountFloors.userId, userId), eq(forecastAccountFloors.accountId, a.accountId)));
    } else {
      await tx
        .insert(forecastAccountFloors)
        .values({ userId, accountId: a.accountId, floorCents: a.floorCents })
        .onConflictDoUpdate({
          target: [forecastAccountFloors.userId, forecastAccountFloors.accountId],
          set: { floorCents: a.floorCents },
        });
    }
  }
}

/** The user's alert rows, locked for the refresh that holds the user's lock. */
export function alertsOf(tx: Db, userId: string) {
  return tx.select().from(forecastAlerts).where(eq(forecastAlerts.userId, userId)).for('update');
}

/** Opens the account's next episode (its first one without a row); answers the episode's number. */
export async function openEpisode(
  tx: Db,
  userId: string,
  accountId: string,
  firstDip: string,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(forecastAlerts)
    .values({ userId, accountId, open: true, episode: 1, firstDip, updatedAt: now })
    .onConflictDoUpdate({
      target: [forecastAlerts.userId, forecastAlerts.accountId],
      set: { open: true, episode: sql`${forecastAlerts.episode} + 1`, firstDip, updatedAt: now },
    })
    .returning({ episode: forecastAlerts.episode });
  return row?.episode ?? 1;
}

/** Ends the accounts' open episodes. */
export async function closeEpisodes(tx: Db, userId: string, accountIds: readonly string[], now: Date): Promise<void> {
  if (accountIds.length === 0) return;
  await tx
    .update(forecastAlerts)
    .set({ open: false, updatedAt: now })
    .where(and(eq(forecastAlerts.userId, userId), inArray(forecastAlerts.accountId, [...accountIds])));
}

/** A page of user ids after `after`, for the daily job. */
export async function userIdsAfter(db: Db, after: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(after ? gt(users.id, after) : undefined)
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
