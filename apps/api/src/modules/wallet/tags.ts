import { TAG_MAX, TAGS_MAX, type WalletTag } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import { invalidField } from '../../lib/http-error.ts';
import { liveGroupsSql } from '../ledger/index.ts';
import {
  deleteTag,
  deleteTagsExcept,
  insertTags,
  spellings,
  tagCounts,
  tagsOfGroups,
  tagsWithCounts,
} from './tags.repository.ts';
import { WALLET_KIND } from './wallet.repository.ts';

/**
 * Tags on My Wallet's transactions (issue 29 item 7; decisions.md "Tags, splits and merchant names").
 * A tag is trimmed, 1 to 40 characters, without a comma; a transaction has at most 20, each once in
 * any case. A user's tag keeps the spelling it was first given: "vacation" on a second transaction
 * is stored as the "Vacation" of the first. Tags are not money: a plain table, written in the
 * caller's transaction beside the journal. The callers have checked that the groups are live
 * transactions of the user's (these functions only ever touch the user's rows). A deleted
 * transaction keeps its tags (an undo posts its group again); only live transactions are counted.
 */

/** The problem with one tag, or null. */
function tagProblem(tag: string): string | null {
  if (tag.length === 0) return 'A tag cannot be empty';
  if (tag.length > TAG_MAX) return `A tag can be at most ${TAG_MAX} characters`;
  if (tag.includes(',')) return 'A tag cannot hold a comma';
  if (tag.includes('\u0000')) return 'A tag cannot hold a NUL character';
  return null;
}

/** Trimmed, checked (a 400 on `field`), once each in any case (the first spelling). */
function cleanTags(tags: readonly string[], field: string): string[] {
  const seen = new Map<string, string>();
  tags.forEach((raw, i) => {
    const tag = raw.trim();
    const problem = tagProblem(tag);
    if (problem) throw invalidField(`${field}.${i}`, problem);
    if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  });
  if (seen.size > TAGS_MAX) throw invalidField(field, `At most ${TAGS_MAX} tags on a transaction`);
  return [...seen.values()];
}

/** Each tag as the user first spelled it, where they have it already. */
async function asSpelled(tx: Db, userId: string, tags: readonly string[]): Promise<string[]> {
  const known = await spellings(
    tx,
    userId,
    tags.map((t) => t.toLowerCase()),
  );
  return tags.map((t) => known.get(t.toLowerCase()) ?? t);
}

/** Makes the transaction's tags exactly these (any case; checked: a 400 on `tags`). */
export async function setTags(
  tx: Db,
  userId: string,
  groupId: string,
  tags: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  const wanted = await asSpelled(tx, userId, cleanTags(tags, 'tags'));
  await deleteTagsExcept(
    tx,
    userId,
    groupId,
    wanted.map((t) => t.toLowerCase()),
  );
  await insertTags(
    tx,
    userId,
    wanted.map((tag) => ({ groupId, tag })),
    now,
  );
}

/**
 * Adds one tag to each of these transactions (those with it already keep theirs); a transaction that
 * would go past 20 tags is a 400 on `tag`, and nothing is added.
 */
export async function addTag(
  tx: Db,
  userId: string,
  groupIds: readonly string[],
  tag: string,
  now: Date = new Date(),
): Promise<void> {
  const [clean = ''] = cleanTags([tag], 'tag');
  const [spelled = clean] = await asSpelled(tx, userId, [clean]);
  const ids = [...new Set(groupIds)];
  const having = new Set(
    (await tagsOfGroups(tx, userId, ids))
      .filter((r) => r.tag.toLowerCase() === clean.toLowerCase())
      .map((r) => r.groupId),
  );
  const counts = await tagCounts(tx, userId, ids);
  if (ids.some((id) => !having.has(id) && (counts.get(id) ?? 0) >= TAGS_MAX)) {
    throw invalidField('tag', `A transaction can have at most ${TAGS_MAX} tags`);
  }
  await insertTags(
    tx,
    userId,
    ids.map((groupId) => ({ groupId, tag: spelled })),
    now,
  );
}

/** Takes one tag (any case) off each of these transactions; answers how many had it. */
export async function removeTag(tx: Db, userId: string, groupIds: readonly string[], tag: string): Promise<number> {
  return deleteTag(tx, userId, [...new Set(groupIds)], tag.trim().toLowerCase());
}

/** Each transaction's tags, sorted (any case, then as spelled). */
export async function tagsOf(db: Db, userId: string, groupIds: readonly string[]): Promise<Map<string, string[]>> {
  const byGroup = new Map<string, string[]>();
  for (const { groupId, tag } of await tagsOfGroups(db, userId, groupIds)) {
    const list = byGroup.get(groupId) ?? [];
    list.push(tag);
    byGroup.set(groupId, list);
  }
  for (const list of byGroup.values()) list.sort(byTag);
  return byGroup;
}

export const byTag = (a: string, b: string) =>
  a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : a < b ? -1 : a > b ? 1 : 0;

/** The user's tags with how many live transactions carry each, by name. */
export function userTags(db: Db, userId: string): Promise<WalletTag[]> {
  return tagsWithCounts(db, userId, liveGroupsSql(userId, WALLET_KIND));
}
