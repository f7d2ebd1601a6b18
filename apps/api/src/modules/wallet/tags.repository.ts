import type { Db } from '@helo/db/client';
import { walletTransactionTags } from '@helo/db/schema';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';

/** The SQL of My Wallet's tags (tags.ts holds the rules). Every statement filters on the user. */

const t = walletTransactionTags;
const lowerTag = sql`lower(${t.tag})`;

/** The spelling the user first gave each of these tags (by lower case), for those they have. */
export async function spellings(db: Db, userId: string, lowered: readonly string[]): Promise<Map<string, string>> {
  if (lowered.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([lowerTag], { key: sql<string>`${lowerTag}`, tag: t.tag })
    .from(t)
    .where(and(eq(t.userId, userId), inArray(lowerTag, [...lowered])))
    .orderBy(lowerTag, t.createdAt, t.tag);
  return new Map(rows.map((r) => [r.key, r.tag]));
}

export async function tagsOfGroups(
  db: Db,
  userId: string,
  groupIds: readonly string[],
): Promise<{ groupId: string; tag: string }[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: t.groupId, tag: t.tag })
    .from(t)
    .where(and(eq(t.userId, userId), inArray(t.groupId, [...groupIds])));
}

/** Deletes the group's tags not among `keep` (lower case). */
export async function deleteTagsExcept(db: Db, userId: string, groupId: string, keep: readonly string[]) {
  await db.delete(t).where(
    and(
      eq(t.userId, userId),
      eq(t.groupId, groupId),
      keep.length === 0
        ? undefined
        : sql`${lowerTag} not in (${sql.join(
            keep.map((k) => sql`${k}`),
            sql`, `,
          )})`,
    ),
  );
}

/** Adds tags to groups (a pair there already, in any case, stays as it is). */
export async function insertTags(db: Db, userId: string, rows: readonly { groupId: string; tag: string }[], at: Date) {
  if (rows.length === 0) return;
  await db
    .insert(t)
    .values(rows.map((r) => ({ userId, groupId: r.groupId, tag: r.tag, createdAt: at })))
    .onConflictDoNothing();
}

/** Deletes one tag (any case) from groups; answers how many transactions lost it. */
export async function deleteTag(db: Db, userId: string, groupIds: readonly string[], lowered: string): Promise<number> {
  if (groupIds.length === 0) return 0;
  const gone = await db
    .delete(t)
    .where(and(eq(t.userId, userId), inArray(t.groupId, [...groupIds]), sql`${lowerTag} = ${lowered}`))
    .returning({ groupId: t.groupId });
  return gone.length;
}

/** How many tags each of these groups has (only groups with some). */
export async function tagCounts(db: Db, userId: string, groupIds: readonly string[]): Promise<Map<string, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ groupId: t.groupId, n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(eq(t.userId, userId), inArray(t.groupId, [...groupIds])))
    .groupBy(t.groupId);
  return new Map(rows.map((r) => [r.groupId, Number(r.n)]));
}

/** The groups that carry the tag (any case), as a subquery for the list's filter. */
export const taggedGroupsSql = (userId: string, lowered: string): SQL =>
  sql`select ${t.groupId} from ${t} where ${t.userId} = ${userId} and ${lowerTag} = ${lowered}`;

/** Each tag of the user's (first spelling) with how many of `liveGroups` carry it, by name. */
export async function tagsWithCounts(
  db: Db,
  userId: string,
  liveGroups: SQL,
): Promise<{ tag: string; count: number }[]> {
  const rows = await db
    .select({
      tag: sql<string>`(array_agg(${t.tag} order by ${t.createdAt}, ${t.tag}))[1]`,
      count: sql<number>`count(distinct ${t.groupId})::int`,
    })
    .from(t)
    .where(and(eq(t.userId, userId), sql`${t.groupId} in (${liveGroups})`))
    .groupBy(lowerTag)
    .orderBy(lowerTag);
  return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}
