/**
 * One undo for a change of many transactions (issue 29: a bulk edit, a rule applied to past
 * transactions; decisions.md "Bulk edit and one undo"). Whatever makes the change calls these inside
 * its own database transaction, after taking the Money Nest's row (`lockNestAccount`, as every
 * Wallet write) and after changing the transactions through the ledger (`correct()`, `reverse()`):
 *
 *   const editId = await recordEdit(tx, userId, 'bulk.set_category', items, now);
 *   …
 *   const { restored, skipped } = await undoEdit(tx, userId, editId, now);
 *
 * - `recordEdit(tx, userId, kind, items, now, { ruleId })`: stores the change; `kind` says what made
 *   it ('bulk.delete', 'rule.apply', at most 40 characters), `ruleId` the rule of a rule's application. Each item is one transaction: its id (the
 *   journal group), the live journal it had before (`beforeJournalId`) and the one the change left
 *   (`afterJournalId`: the correction's new journal, or for a deletion its reversal; the same id
 *   when the journal was not touched), and what was done to its tags (`{ added, removed }`, or
 *   null). One item per transaction: a change that touches one twice records the first before and
 *   the last after.
 * - `undoEdit(tx, userId, editId, now, { kind })`: puts every transaction back as it was, through the ledger:
 *   a corrected one is reversed and its journal from before posted again (`repost()`, under its id,
 *   as the duplicates' unmerge does; `reverseMany`/`repostMany` for all at once), a deleted one
 *   posted again, each tag added taken off and each taken off put back. A transaction changed since
 *   (its live journal is not `afterJournalId` any more, it was deleted after being changed, a tag
 *   added was taken off or one taken off put back) is left whole as it is now and counted in
 *   `skipped`. An edit not the user's (or, `kind` given, not of that kind: the rules' undo undoes
 *   only rule applications) is a 404; one undone already a 409 (`messages` word both for the caller).
 */
import { TAGS_MAX } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { EditTags } from '@helo/db/schema';
import { conflict, notFound } from '../../../lib/http-error.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { journalsByIds, liveJournalsOfGroups, repostMany, reverseMany } from '../../ledger/index.ts';
import { addTag, removeTag, tagsOf } from '../tags.ts';
import { WALLET_KIND } from '../wallet.repository.ts';
import { insertEdit, itemsOf, lockEdit, markUndone, type NewEditItem } from './edits.repository.ts';

export type EditItem = NewEditItem;
export const NO_EDIT = 'This change was not found';
export const UNDONE_ALREADY = 'This change was undone already';

/** Stores a change of many transactions for one undo; its id. */
export function recordEdit(
  tx: Db,
  userId: string,
  kind: string,
  items: readonly EditItem[],
  now: Date,
  options: { ruleId?: string } = {},
): Promise<string> {
  return insertEdit(tx, userId, kind, items, now, options.ruleId ?? null);
}

export interface UndoOptions {
  /** Only an edit of this kind is undone (another is a 404). */
  kind?: string;
  /** The 404's and the 409's messages. */
  messages?: { notFound: string; undoneAlready: string };
}

/** Undoes the change: how many transactions came back, and how many were changed since and stayed. */
export async function undoEdit(
  tx: Db,
  userId: string,
  editId: string,
  now: Date,
  options: UndoOptions = {},
): Promise<{ restored: number; skipped: number }> {
  const messages = options.messages ?? { notFound: NO_EDIT, undoneAlready: UNDONE_ALREADY };
  const edit = isUuid(editId) ? await lockEdit(tx, userId, editId) : undefined;
  if (!edit || (options.kind !== undefined && edit.kind !== options.kind)) throw notFound(messages.notFound);
  if (edit.undoneAt) throw conflict(messages.undoneAlready);
  const items = await itemsOf(tx, userId, edit.id);
  const touched = items.filter((item) => item.beforeJournalId !== item.afterJournalId);
  const live = await liveJournalsOfGroups(
    tx,
    userId,
    WALLET_KIND,
    touched.map((item) => item.groupId),
    { lock: true },
  );
  // Gone: back only when the change's own deletion took it (a later deletion stays).
  const reversals = new Map(
    (
      await journalsByIds(
        tx,
        userId,
        touched.filter((item) => !live.has(item.groupId)).map((item) => item.afterJournalId),
      )
    ).map((j) => [j.id, j]),
  );
  const tagsNow = await tagsOf(
    tx,
    userId,
    items.filter((item) => item.tags).map((item) => item.groupId),
  );
  const journalAsLeft = (item: EditItem) => {
    if (item.beforeJournalId === item.afterJournalId) return true;
    const journal = live.get(item.groupId);
    return journal
      ? journal.id === item.afterJournalId
      : reversals.get(item.afterJournalId)?.reversesId === item.beforeJournalId;
  };
  // Its tags as the change left them: each tag added still there, each taken off still away (any case).
  const tagsAsLeft = (item: EditItem) => {
    if (!item.tags) return true;
    const now = new Set((tagsNow.get(item.groupId) ?? []).map((t) => t.toLowerCase()));
    const room = now.size - item.tags.added.length + item.tags.removed.length <= TAGS_MAX;
    return (
      room &&
      item.tags.added.every((t) => now.has(t.toLowerCase())) &&
      item.tags.removed.every((t) => !now.has(t.toLowerCase()))
    );
  };
  // A transaction changed since in any way is left whole as it is now.
  const back = items.filter((item) => journalAsLeft(item) && tagsAsLeft(item));
  const corrected = back.filter((item) => item.beforeJournalId !== item.afterJournalId && live.has(item.groupId));
  const deleted = back.filter((item) => item.beforeJournalId !== item.afterJournalId && !live.has(item.groupId));
  await reverseMany(
    tx,
    userId,
    corrected.map((item) => item.afterJournalId),
    { at: now },
  );
  await repostMany(
    tx,
    userId,
    [...corrected, ...deleted].map((item) => item.beforeJournalId),
  );
  await undoTags(tx, userId, back, now);
  const restored = back.length;
  await markUndone(tx, userId, edit.id, now);
  return { restored, skipped: items.length - restored };
}

/** The tags of these transactions as they were: each added taken off, each taken off put back. */
async function undoTags(tx: Db, userId: string, items: readonly EditItem[], now: Date): Promise<void> {
  const groupsOf = (pick: (tags: EditTags) => string[]) => {
    const byTag = new Map<string, { tag: string; groups: string[] }>();
    for (const item of items) {
      for (const tag of item.tags ? pick(item.tags) : []) {
        const entry = byTag.get(tag.toLowerCase()) ?? { tag, groups: [] };
        entry.groups.push(item.groupId);
        byTag.set(tag.toLowerCase(), entry);
      }
    }
    return [...byTag.values()];
  };
  for (const { tag, groups } of groupsOf((t) => t.added)) await removeTag(tx, userId, groups, tag);
  for (const { tag, groups } of groupsOf((t) => t.removed)) await addTag(tx, userId, groups, tag, now);
}
