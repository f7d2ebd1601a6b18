import type { Db } from '@helo/db/client';
import { type LedgerAccountRow, ledgerAccounts, ledgerJournals, ledgerPostings } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import type { AccountKind } from '@helo/finance/ledger';
import { aliasedTable, and, asc, desc, eq, gte, inArray, isNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';

/**
 * The ledger's reads for the areas' pages: an account's journals a page at a time, the journals of a
 * kind, the lines of journals, balances by day. Read-only; the writes are in ledger.repository.ts.
 */

/** Where a page ends: the last row's date, time recorded and id (the lists' newest-first order). */
export interface PageCursor {
  date: string;
  createdAt: Date;
  id: string;
}

/** Where a page of lines ends: the journal's date and time recorded, and the posting's id. */
export interface LinePageCursor {
  date: string;
  createdAt: Date;
  postingId: number;
}

export async function findSubjectAccount(
  db: Db,
  userId: string,
  kind: AccountKind,
  subjectId: string,
): Promise<LedgerAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.subjectId, subjectId)),
    )
    .limit(1);
  return row;
}

export function findAccountsOfKinds(
  db: Db,
  userId: string,
  kinds: readonly AccountKind[],
): Promise<LedgerAccountRow[]> {
  return db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, [...kinds])))
    .orderBy(asc(ledgerAccounts.createdAt), asc(ledgerAccounts.id));
}

export async function renameAccountRow(db: Db, userId: string, accountId: string, name: string): Promise<void> {
  await db
    .update(ledgerAccounts)
    .set({ name })
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.id, accountId)));
}

const undo = aliasedTable(ledgerJournals, 'undo');
const undone = aliasedTable(ledgerJournals, 'undone');

/** One journal as an account's list shows it, with what it moved in that account. */
export interface AccountJournalRow {
  id: string;
  groupId: string;
  date: string;
  kind: string;
  description: string;
  note: string | null;
  createdAt: Date;
  reversesId: string | null;
  reversedById: string | null;
  /** The kind of the journal this one reverses (null when it reverses none). */
  reversesKind: string | null;
  amountCents: Cents;
}

/**
 * The account's journals, newest first (date, time recorded, id), strictly after `after`; `limit + 1`
 * read to tell whether more follow (or only `journalId`, when it is listed). Left out: journals of the `hidden` kinds, the reversals of such
 * journals, and the journals such a journal reversed (a deletion takes the entry and itself away).
 */
export async function accountJournals(
  db: Db,
  userId: string,
  accountId: string,
  options: { limit: number; after?: PageCursor | undefined; hidden: readonly string[]; journalId?: string },
): Promise<{ rows: AccountJournalRow[]; more: boolean }> {
  const j = ledgerJournals;
  const hidden = options.hidden.length > 0 ? [...options.hidden] : ['-'];
  const { after } = options;
  const rows = await db
    .select({
      id: j.id,
      groupId: j.groupId,
      date: j.date,
      kind: j.kind,
      description: j.description,
      note: j.note,
      createdAt: j.createdAt,
      reversesId: j.reversesId,
      reversedById: j.reversedById,
      reversesKind: undone.kind,
      amountCents: ledgerPostings.amountCents,
    })
    .from(ledgerPostings)
    .innerJoin(j, eq(j.id, ledgerPostings.journalId))
    .leftJoin(undone, eq(undone.id, j.reversesId))
    .leftJoin(undo, eq(undo.id, j.reversedById))
    .where(
      and(
        eq(ledgerPostings.userId, userId),
        eq(ledgerPostings.accountId, accountId),
        notInArray(j.kind, hidden),
        or(isNull(undone.kind), notInArray(undone.kind, hidden)),
        or(isNull(undo.kind), notInArray(undo.kind, hidden)),
        options.journalId ? eq(j.id, options.journalId) : undefined,
        after
          ? sql`(${j.date}, ${j.createdAt}, ${j.id}) < (${after.date}::date, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(j.date), desc(j.createdAt), desc(j.id))
    .limit(options.limit + 1);
  return { rows: rows.slice(0, options.limit), more: rows.length > options.limit };
}

/** The latest journals of these kinds, newest first. */
export function latestJournalsOfKinds(db: Db, userId: string, kinds: readonly string[], limit: number) {
  return db
    .select()
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.userId, userId), inArray(ledgerJournals.kind, [...kinds])))
    .orderBy(desc(ledgerJournals.date), desc(ledgerJournals.createdAt), desc(ledgerJournals.id))
    .limit(limit);
}

export function findJournalRows(db: Db, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.userId, userId), inArray(ledgerJournals.id, [...ids])));
}

/** A line with the account it moved, as the areas show it. */
export interface LineRow {
  postingId: number;
  journalId: string;
  accountId: string;
  accountKind: AccountKind;
  accountName: string;
  subjectId: string | null;
  amountCents: Cents;
}

const lineColumns = {
  postingId: ledgerPostings.id,
  journalId: ledgerPostings.journalId,
  accountId: ledgerPostings.accountId,
  accountKind: ledgerAccounts.kind,
  accountName: ledgerAccounts.name,
  subjectId: ledgerAccounts.subjectId,
  amountCents: ledgerPostings.amountCents,
};

/** The lines of these journals of the user's, in the order they were written. */
export function linesOfJournals(db: Db, userId: string, journalIds: readonly string[]): Promise<LineRow[]> {
  if (journalIds.length === 0) return Promise.resolve([]);
  return db
    .select(lineColumns)
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(eq(ledgerPostings.userId, userId), inArray(ledgerPostings.journalId, [...journalIds])))
    .orderBy(asc(ledgerPostings.id));
}

/**
 * Which lines a list of lines shows: the lines of journals of some kinds but those on accounts of
 * some kinds, and the lines of journals of other kinds on accounts of some kinds. Always by journal
 * kind first, so the list reads the user's journals of those kinds (an index), not all their postings.
 */
export interface LineFilter {
  journalKinds: readonly string[];
  /** Lines of `journalKinds` journals on accounts of these kinds are left out (the Nest's income). */
  exceptAccountKinds: readonly AccountKind[];
  /** Journals of these kinds show only their lines on accounts of `accountKinds` (a loan payment's Loan payments line). */
  also?: { journalKinds: readonly string[]; accountKinds: readonly AccountKind[] };
}

export interface PagedLineRow extends LineRow {
  date: string;
  createdAt: Date;
  journalKind: string;
  description: string;
  reversesId: string | null;
}

/** A page of lines, newest first (date, time recorded, posting id), strictly after `after`. */
export async function linesPage(
  db: Db,
  userId: string,
  filter: LineFilter,
  limit: number,
  after?: LinePageCursor,
): Promise<{ rows: PagedLineRow[]; more: boolean }> {
  const j = ledgerJournals;
  const kinds = (list: readonly string[]) => (list.length > 0 ? [...list] : ['-']);
  const also = filter.also ?? { journalKinds: [], accountKinds: [] };
  const shown: SQL | undefined = or(
    and(
      inArray(j.kind, kinds(filter.journalKinds)),
      notInArray(ledgerAccounts.kind, kinds(filter.exceptAccountKinds) as AccountKind[]),
    ),
    and(
      inArray(j.kind, kinds(also.journalKinds)),
      inArray(ledgerAccounts.kind, kinds(also.accountKinds) as AccountKind[]),
    ),
  );
  const rows = await db
    .select({
      ...lineColumns,
      date: j.date,
      createdAt: j.createdAt,
      journalKind: j.kind,
      description: j.description,
      reversesId: j.reversesId,
    })
    .from(j)
    .innerJoin(ledgerPostings, eq(ledgerPostings.journalId, j.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(j.userId, userId),
        inArray(j.kind, kinds([...filter.journalKinds, ...also.journalKinds])),
        shown,
        after
          ? sql`(${j.date}, ${j.createdAt}, ${ledgerPostings.id}) < (${after.date}::date, ${after.createdAt.toISOString()}::timestamptz, ${after.postingId}::bigint)`
          : undefined,
      ),
    )
    .orderBy(desc(j.date), desc(j.createdAt), desc(ledgerPostings.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/**
 * Each account's balance at the end of every day it had postings, oldest first: the sum of its
 * postings up to and including that day.
 */
export async function dailyBalanceRows(
  db: Db,
  userId: string,
  accountIds: readonly string[],
): Promise<{ accountId: string; date: string; balanceCents: number }[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({
      accountId: ledgerPostings.accountId,
      date: ledgerPostings.date,
      // sum() of bigint is numeric: it arrives as an exact string.
      balance: sql<string>`sum(sum(${ledgerPostings.amountCents})) over (partition by ${ledgerPostings.accountId} order by ${ledgerPostings.date})`,
    })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.userId, userId), inArray(ledgerPostings.accountId, [...accountIds])))
    .groupBy(ledgerPostings.accountId, ledgerPostings.date)
    .orderBy(asc(ledgerPostings.accountId), asc(ledgerPostings.date));
  return rows.map((r) => ({ accountId: r.accountId, date: r.date, balanceCents: Number(r.balance) }));
}

/** What the account held at the end of `day`: the sum of its postings dated up to it. */
export async function balanceOnRow(db: Db, accountId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string | null>`sum(${ledgerPostings.amountCents})` })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.accountId, accountId), sql`${ledgerPostings.date} <= ${day}::date`));
  return Number(row?.cents ?? 0);
}

/** The first day after `day` on which the account has postings, if any. */
export async function nextPostingDay(db: Db, accountId: string, day: string): Promise<string | undefined> {
  const [row] = await db
    .select({ date: ledgerPostings.date })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.accountId, accountId), sql`${ledgerPostings.date} > ${day}::date`))
    .orderBy(asc(ledgerPostings.date))
    .limit(1);
  return row?.date;
}

/**
 * The sum of the lines on accounts of `accountKind` of the live journals (never reversed) of
 * `journalKind` dated from `first` up to, not including, `next`.
 */
export async function liveLinesSum(
  db: Db,
  userId: string,
  filter: { journalKind: string; accountKind: AccountKind; first: string; next: string },
): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string | null>`sum(${ledgerPostings.amountCents})` })
    .from(ledgerJournals)
    .innerJoin(ledgerPostings, eq(ledgerPostings.journalId, ledgerJournals.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerJournals.userId, userId),
        eq(ledgerJournals.kind, filter.journalKind),
        isNull(ledgerJournals.reversedById),
        gte(ledgerJournals.date, filter.first),
        lt(ledgerJournals.date, filter.next),
        eq(ledgerAccounts.kind, filter.accountKind),
      ),
    );
  return Number(row?.cents ?? 0);
}

/**
 * The journal carrying this id in this account, if any (not a reversal): the live one (a loan's paid
 * due date), or with `reversed` one the user undid too (a job that must do a thing once, even after
 * the user undid it: a payday the Nest recorded).
 */
export async function findLiveExternal(
  db: Db,
  accountId: string,
  externalId: string,
  options: { reversed?: boolean } = {},
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(
      and(
        eq(ledgerJournals.externalAccountId, accountId),
        eq(ledgerJournals.externalId, externalId),
        options.reversed ? undefined : isNull(ledgerJournals.reversedById),
        isNull(ledgerJournals.reversesId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The live journals (never reversed) of `kind` on these accounts, with what each put in the account:
 * a pot's opening balance, kept as one journal that an edit corrects.
 */
export async function liveJournalsOfKind(
  db: Db,
  userId: string,
  accountIds: readonly string[],
  kind: string,
): Promise<{ journalId: string; accountId: string; amountCents: Cents; date: string }[]> {
  if (accountIds.length === 0) return [];
  return db
    .select({
      journalId: ledgerJournals.id,
      accountId: ledgerPostings.accountId,
      amountCents: ledgerPostings.amountCents,
      date: ledgerJournals.date,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerPostings.journalId))
    .where(
      and(
        eq(ledgerPostings.userId, userId),
        inArray(ledgerPostings.accountId, [...accountIds]),
        eq(ledgerJournals.kind, kind),
        isNull(ledgerJournals.reversedById),
      ),
    )
    .orderBy(asc(ledgerJournals.createdAt));
}

/** The accounts the user's journals of `kind` ever posted to (the Money Nest's buckets beyond its rules). */
export async function accountsPostedBy(db: Db, userId: string, kind: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountId: ledgerPostings.accountId })
    .from(ledgerPostings)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerPostings.journalId))
    .where(and(eq(ledgerPostings.userId, userId), eq(ledgerJournals.kind, kind)));
  return rows.map((r) => r.accountId);
}
