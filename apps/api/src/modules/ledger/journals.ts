import type { Db } from '@helo/db/client';
import type { LedgerJournalRow } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import type { Line } from '@helo/finance/ledger';
import {
  type DescriptionTally,
  descriptionTallies,
  freshOrdinaryRows,
  groupRows,
  type HistoryLedgerRow,
  type JournalCursor,
  type JournalFilter,
  liveCount,
  liveCountOn,
  liveOfGroup,
  liveOfGroups,
  liveOnAccount,
  livePageQuery,
  type OpposingRow,
  opposingRows,
  ordinaryRowsBetween,
  sameDayAmountOrBankId,
  sumsByAccount,
} from './journals.repository.ts';
import { postingsOf } from './ledger.repository.ts';
import { type PostedJournal, toPosted } from './ledger.ts';

export type { HistoryLedgerRow, JournalCursor, JournalFilter, OpposingRow };
export { type DescriptionTally, descriptionTallies, freshOrdinaryRows, opposingRows, ordinaryRowsBetween };

/** The journals with their lines, read in one more statement. */
async function withLines(db: Db, rows: LedgerJournalRow[]): Promise<PostedJournal[]> {
  const postings = await postingsOf(
    db,
    rows.map((r) => r.id),
  );
  const lines = new Map<string, Line[]>();
  for (const p of postings) {
    const list = lines.get(p.journalId) ?? [];
    list.push({ accountId: p.accountId, amountCents: p.amountCents });
    lines.set(p.journalId, list);
  }
  return rows.map((row) => toPosted(row, lines.get(row.id) ?? []));
}

/**
 * A page of the user's live journals of a kind (neither reversed nor a reversal, not staged), newest
 * first by (date, time entered, group id), strictly after `after`.
 */
export async function liveJournals(
  db: Db,
  userId: string,
  filter: JournalFilter,
  limit: number,
  after?: JournalCursor,
): Promise<{ journals: PostedJournal[]; more: boolean }> {
  const rows = await livePageQuery(db, userId, filter, limit + 1, after);
  return { journals: await withLines(db, rows.slice(0, limit)), more: rows.length > limit };
}

/**
 * The live journal of a group (what the user sees under the group's id), with its lines; locked until
 * the transaction ends when `lock`, as an edit or a deletion takes it.
 */
export async function liveJournal(
  db: Db,
  userId: string,
  kind: string,
  groupId: string,
  options: { lock?: boolean } = {},
): Promise<PostedJournal | undefined> {
  const row = await liveOfGroup(db, userId, kind, groupId, options.lock ?? false);
  return row ? (await withLines(db, [row]))[0] : undefined;
}

/** liveJournal() of many groups at once: the live ones found, by group id (locked in group order when `lock`). */
export async function liveJournalsOfGroups(
  db: Db,
  userId: string,
  kind: string,
  groupIds: readonly string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, PostedJournal>> {
  const rows = await liveOfGroups(db, userId, kind, groupIds, options.lock ?? false);
  return new Map((await withLines(db, rows)).map((journal) => [journal.groupId, journal]));
}

/** How many live journals of a kind the user has (a ceiling on what one user keeps). */
export function countLive(db: Db, userId: string, kind: string): Promise<number> {
  return liveCount(db, userId, kind);
}

/** Up to `limit` live journals with a posting on the account (of any kind but `exceptKind`), oldest first, with their lines. */
export async function liveJournalsOn(
  db: Db,
  userId: string,
  accountId: string,
  options: { exceptKind: string; limit: number },
): Promise<PostedJournal[]> {
  return withLines(db, await liveOnAccount(db, userId, accountId, options.exceptKind, options.limit));
}

/** How many live journals have a posting on the account (of any kind but `exceptKind`). */
export function countLiveOn(db: Db, userId: string, accountId: string, exceptKind: string): Promise<number> {
  return liveCountOn(db, userId, accountId, exceptKind);
}

/** Each account's sum of postings dated in [first, next): what moved through it in a month. */
export async function monthSums(
  db: Db,
  userId: string,
  accountIds: readonly string[],
  first: string,
  next: string,
): Promise<Map<string, Cents>> {
  const sums = await sumsByAccount(db, userId, accountIds, first, next);
  return new Map(sums.map((s) => [s.accountId, s.cents as Cents]));
}

/**
 * What is in an account that a bank file's rows could repeat (see sameDayAmountOrBankId): the same
 * amount on a day at most `withinDays` away, or the same bank id.
 */
export async function possibleRepeats(
  db: Db,
  userId: string,
  accountId: string,
  rows: readonly { date: string; amountCents: number; externalId: string | null }[],
  withinDays = 0,
): Promise<
  {
    groupId: string;
    date: string;
    amountCents: number;
    description: string;
    originalDescription: string | null;
    externalId: string | null;
    batchId: string | null;
    kind: string;
  }[]
> {
  const pairs = [...new Set(rows.map((r) => `${r.date}|${r.amountCents}`))].map((key) => {
    const [d = '', a = '0'] = key.split('|');
    return { d, a: Number(a) };
  });
  const ids = [...new Set(rows.flatMap((r) => (r.externalId === null ? [] : [r.externalId])))];
  return sameDayAmountOrBankId(db, userId, accountId, pairs, ids, withinDays);
}

/** Which of these bank ids the account holds already (a live journal of it carries the id). */
export async function bankIdsIn(
  db: Db,
  userId: string,
  accountId: string,
  externalIds: readonly string[],
): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const found = await sameDayAmountOrBankId(db, userId, accountId, [], [...new Set(externalIds)]);
  return new Set(found.flatMap((r) => (r.externalId === null ? [] : [r.externalId])));
}

/**
 * What a transaction has been: every journal of its group but the reversals, oldest version first,
 * with their lines and whether each was reversed (a paired transaction's own journal before it became
 * a transfer, or the other side's journal reversed when it was linked).
 */
export async function groupJournals(
  db: Db,
  userId: string,
  groupId: string,
): Promise<(PostedJournal & { reversed: boolean })[]> {
  const rows = await groupRows(db, userId, groupId);
  const posted = await withLines(db, rows);
  return posted.map((p, i) => ({ ...p, reversed: rows[i]?.reversedById != null }));
}
