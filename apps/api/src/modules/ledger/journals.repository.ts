import type { Db } from '@helo/db/client';
import { type LedgerJournalRow, ledgerAccounts, ledgerJournals, ledgerPostings } from '@helo/db/schema';
import { daysApart } from '@helo/finance/matching';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import { notStaged } from './batches.repository.ts';

/**
 * The ledger's reads of journals for the pages: live journals (neither reversed nor a reversal, not
 * staged) of one kind, in the order of `ledger_journals_live_idx`, and sums of postings by account.
 */

const j = ledgerJournals;

/** A journal the lists show: not reversed, not a reversal, not staged. */
const live = (userId: string): SQL =>
  and(eq(j.userId, userId), isNull(j.reversedById), isNull(j.reversesId), notStaged(userId, j.batchId)) as SQL;

/**
 * The groups of the user's live journals of a kind, as a subquery (an area's own table of group ids,
 * My Wallet's tags, counts only what the lists show).
 */
export const liveGroupsSql = (userId: string, kind: string): SQL =>
  sql`select ${j.groupId} from ${j} where ${and(live(userId), eq(j.kind, kind))}`;

/** Where a page starts: after the journal of this (date, time entered, group id), newest first. */
export interface JournalCursor {
  date: string;
  createdAt: Date;
  id: string;
}

export interface JournalFilter {
  kind: string;
  from?: string | undefined;
  to?: string | undefined;
  /** A piece of the description, the bank's description or the note, in any case. */
  search?: string | undefined;
  /** The journal's group is one this statement selects (an area's own filter: My Wallet's tags). */
  groupIn?: SQL | undefined;
  /** Each set: the journal has a posting on one of its accounts (an account; a category's accounts). */
  postingOn?: readonly (readonly string[])[];
  /** The account its external id is kept in (a loan's payments: the loan's, whatever lines they have). */
  externalAccountId?: string | undefined;
}

/**
 * The search expression exactly as `ledger_journals_search_idx` indexes it: only this text lets
 * PostgreSQL answer `LIKE '%…%'` from the trigram index instead of reading every journal of the user.
 */
const searchable = sql`lower(${j.description} || ' ' || coalesce(${j.originalDescription}, '') || ' ' || coalesce(${j.note}, ''))`;

/** `q` as a LIKE pattern: `%`, `_` and the escape character itself match only themselves. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Description, the bank's description or note holds `q`, in any case (lower() on both sides: PostgreSQL's own case folding). */
export const searchCondition = (q: string): SQL => sql`${searchable} like lower(${likePattern(q)})`;

const postedOn = (accountIds: readonly string[]): SQL =>
  accountIds.length === 0
    ? sql`false`
    : sql`exists (select 1 from ${ledgerPostings} p where p.journal_id = ${j.id} and p.account_id in (${sql.join(
        accountIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))`;

function filtered(userId: string, filter: JournalFilter, after?: JournalCursor): SQL | undefined {
  return and(
    live(userId),
    eq(j.kind, filter.kind),
    filter.from ? gte(j.date, filter.from) : undefined,
    filter.to ? lte(j.date, filter.to) : undefined,
    filter.search ? searchCondition(filter.search) : undefined,
    filter.groupIn ? sql`${j.groupId} in (${filter.groupIn})` : undefined,
    filter.externalAccountId ? eq(j.externalAccountId, filter.externalAccountId) : undefined,
    ...(filter.postingOn ?? []).map(postedOn),
    after
      ? sql`(${j.date}, ${j.createdAt}, ${j.groupId}) < (${after.date}::date, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined,
  );
}

/** The page's statement, not yet run (the bench EXPLAINs it): newest first, by (date, time entered, group). */
export const livePageQuery = (db: Db, userId: string, filter: JournalFilter, limit: number, after?: JournalCursor) =>
  db
    .select()
    .from(j)
    .where(filtered(userId, filter, after))
    .orderBy(desc(j.date), desc(j.createdAt), desc(j.groupId))
    .limit(limit);

/** The live journal of a group, locked until the transaction ends when `lock` (an edit, a deletion). */
export async function liveOfGroup(
  db: Db,
  userId: string,
  kind: string,
  groupId: string,
  lock: boolean,
): Promise<LedgerJournalRow | undefined> {
  const query = db
    .select()
    .from(j)
    .where(and(live(userId), eq(j.kind, kind), eq(j.groupId, groupId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The live journals of a kind of these groups (at most one each), in the order of their group ids, locked when asked. */
export async function liveOfGroups(
  db: Db,
  userId: string,
  kind: string,
  groupIds: readonly string[],
  lock: boolean,
): Promise<LedgerJournalRow[]> {
  if (groupIds.length === 0) return [];
  const query = db
    .select()
    .from(j)
    .where(and(live(userId), eq(j.kind, kind), inArray(j.groupId, [...groupIds])))
    .orderBy(asc(j.groupId));
  return lock ? query.for('update') : query;
}

/** How many live journals of a kind the user has. */
export async function liveCount(db: Db, userId: string, kind: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(j)
    .where(and(live(userId), eq(j.kind, kind)));
  return row?.n ?? 0;
}

/** Live journals with a posting on the account, of any kind but `exceptKind`, oldest first; at most `limit`. */
export async function liveOnAccount(db: Db, userId: string, accountId: string, exceptKind: string, limit: number) {
  return db
    .select()
    .from(j)
    .where(and(live(userId), ne(j.kind, exceptKind), postedOn([accountId])))
    .orderBy(j.date, j.createdAt, j.id)
    .limit(limit);
}

/** How many live journals with a posting on the account there are, of any kind but `exceptKind`. */
export async function liveCountOn(db: Db, userId: string, accountId: string, exceptKind: string): Promise<number> {
  const p = ledgerPostings;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(p)
    .innerJoin(j, eq(j.id, p.journalId))
    .where(and(eq(p.accountId, accountId), live(userId), ne(j.kind, exceptKind)));
  return row?.n ?? 0;
}

/**
 * The sum of each account's published postings dated from `first` up to, not including, `next`
 * (reversals are dated like what they undo, so a month's sums are what is live in it).
 */
export async function sumsByAccount(
  db: Db,
  userId: string,
  accountIds: readonly string[],
  first: string,
  next: string,
): Promise<{ accountId: string; cents: number }[]> {
  if (accountIds.length === 0) return [];
  const rows = await sumsQuery(db, userId, accountIds, first, next);
  // sum() of bigint is numeric: it arrives as a string, exact.
  return rows.map((r) => ({ accountId: r.accountId, cents: Number(r.cents) }));
}

/** The month's statement (the bench EXPLAINs it). */
export const sumsQuery = (db: Db, userId: string, accountIds: readonly string[], first: string, next: string) => {
  const p = ledgerPostings;
  return db
    .select({ accountId: p.accountId, cents: sql<string>`sum(${p.amountCents})` })
    .from(p)
    .where(
      and(
        eq(p.userId, userId),
        inArray(p.accountId, [...accountIds]),
        gte(p.date, first),
        lt(p.date, next),
        notStaged(userId, p.batchId),
      ),
    )
    .groupBy(p.accountId);
};

/** What both look-ups answer, as the driver reads it (bigint amounts may come as strings). */
interface RepeatRow {
  groupId: string;
  date: string;
  amountCents: string | number;
  description: string;
  originalDescription: string | null;
  externalId: string | null;
  batchId: string | null;
  kind: string;
}

/**
 * Live journals with a posting on the account that a bank file's rows could repeat: the same amount
 * on the account on the same day, or up to `withinDays` away (`pairs`), or one of the file's bank ids in it. The pairs and ids go in as one
 * JSON parameter each, however many rows the file has; two statements, each served by its own index
 * (the account's postings by date; the bank ids' unique index), a journal both find coming twice.
 */
export async function sameDayAmountOrBankId(
  db: Db,
  userId: string,
  accountId: string,
  pairs: readonly { d: string; a: number }[],
  externalIds: readonly string[],
  withinDays = 0,
) {
  const p = ledgerPostings;
  const repeat = sql`SELECT m.group_id AS "groupId", to_char(m.date, 'YYYY-MM-DD') AS "date", m.amount_cents AS "amountCents",
    m.description, m.original_description AS "originalDescription", m.external_id AS "externalId", m.batch_id AS "batchId", m.kind`;
  const found = sql`${j.groupId}, ${j.date}, ${p.amountCents}, ${j.description}, ${j.originalDescription}, ${j.externalId}, ${j.batchId}, ${j.kind}`;
  // Driven by the file's pairs (LATERAL): each is one look-up in the account's postings by day, so
  // the plan holds without statistics (PGlite never gathers them) however many postings there are.
  const byDay =
    pairs.length === 0
      ? []
      : rowsOf<RepeatRow>(
          await db.execute(sql`
            ${repeat}
            FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS k(d date, a bigint)
            CROSS JOIN LATERAL (
              SELECT ${found}
              FROM ${p} JOIN ${j} ON ${j.id} = ${p.journalId}
              WHERE ${p.accountId} = ${accountId} AND ${p.date} BETWEEN k.d - ${withinDays}::int AND k.d + ${withinDays}::int
                AND ${p.amountCents} = k.a AND ${live(userId)}
            ) m`),
        );
  // Driven by the file's bank ids too: a plain `IN (SELECT jsonb_array_elements_text(…))` was planned
  // as a nested loop that expanded the list again for each of the account's journals (2,000 ids
  // against 10,000 journals: 18 million comparisons, 5 s); this is one index look-up per id.
  const byBankId =
    externalIds.length === 0
      ? []
      : rowsOf<RepeatRow>(
          await db.execute(sql`
            ${repeat}
            FROM jsonb_array_elements_text(${JSON.stringify(externalIds)}::jsonb) AS k(id)
            CROSS JOIN LATERAL (
              SELECT ${found}
              FROM ${j} JOIN ${p} ON ${p.journalId} = ${j.id} AND ${p.accountId} = ${accountId}
              WHERE ${j.externalAccountId} = ${accountId} AND ${j.externalId} = k.id AND ${live(userId)}
            ) m`),
        );
  return [...byDay, ...byBankId].map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The balance of the user's account that stands for `subjectId` as a SQL expression, for a statement
 * that reads it with other figures at one instant (Home, My Wallet's balance).
 */
export const subjectBalanceSql = (userId: string, kind: string, subjectId: string): SQL =>
  sql`(select ${ledgerAccounts.balanceCents} from ${ledgerAccounts} where ${ledgerAccounts.userId} = ${userId} and ${ledgerAccounts.kind} = ${kind} and ${ledgerAccounts.subjectId} = ${subjectId})`;

/** Every journal of a group but the reversals, oldest version first (what a transaction has been). */
export function groupRows(db: Db, userId: string, groupId: string): Promise<LedgerJournalRow[]> {
  return db
    .select()
    .from(j)
    .where(and(eq(j.userId, userId), eq(j.groupId, groupId), isNull(j.reversesId)))
    .orderBy(j.version, j.createdAt);
}

export interface OpposingRow {
  groupId: string;
  accountId: string;
  date: string;
  amountCents: number;
  /** What the transaction is called (its payee). */
  description: string;
  fresh: boolean;
}

type FreshSelector = { batchId?: string | undefined; groupIds?: readonly string[] | undefined };

const ownList = (ownIds: readonly string[]) =>
  sql`(${sql.join(
    ownIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/** The journal has exactly one line on the user's own accounts (an ordinary transaction, not a transfer). */
const ordinarySql = (own: SQL) =>
  sql`(select count(*) from ${ledgerPostings} q where q.journal_id = ${j.id} and q.account_id in ${own}) = 1`;

const opposing = (r: OpposingRow, fresh: boolean): OpposingRow => ({ ...r, amountCents: Number(r.amountCents), fresh });

/**
 * Ordinary live journals of `kind` (one line on the user's own accounts `ownIds`, the other outside:
 * not a transfer) that are fresh: of the batch, or of the groups. Read through the batch's (or the
 * groups') index: its cost is the fresh rows', whatever the history holds.
 */
export async function freshOrdinaryRows(
  db: Db,
  userId: string,
  kind: string,
  ownIds: readonly string[],
  fresh: FreshSelector,
): Promise<OpposingRow[]> {
  const p = ledgerPostings;
  if (ownIds.length === 0 || (!fresh.batchId && (fresh.groupIds ?? []).length === 0)) return [];
  const own = ownList(ownIds);
  const which = fresh.batchId
    ? sql`${j.batchId} = ${fresh.batchId}::uuid`
    : sql`${j.groupId} in (${sql.join(
        (fresh.groupIds ?? []).map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`;
  const result = await db.execute(sql`
    select ${j.groupId} as "groupId", ${p.accountId} as "accountId", to_char(${j.date}, 'YYYY-MM-DD') as "date",
      ${p.amountCents} as "amountCents", ${j.description} as "description"
    from ${j} join ${p} on ${p.journalId} = ${j.id} and ${p.accountId} in ${own}
    where ${live(userId)} and ${j.kind} = ${kind} and ${which} and ${ordinarySql(own)}`);
  return rowsOf<OpposingRow>(result).map((r) => opposing(r, true));
}

/** An ordinary row with the outside account its money went to or came from (a category's name). */
export interface HistoryLedgerRow extends Omit<OpposingRow, 'fresh'> {
  category: string | null;
}

/**
 * The user's ordinary live journals of `kind` (one line on `ownIds`) dated in [from, to], newest
 * first, at most `limit`: each with its line on the own account and the name of the account on its
 * other side (the recurring series' history: payee, amount, date, category).
 */
export async function ordinaryRowsBetween(
  db: Db,
  userId: string,
  kind: string,
  ownIds: readonly string[],
  from: string,
  to: string,
  limit: number,
): Promise<HistoryLedgerRow[]> {
  const p = ledgerPostings;
  if (ownIds.length === 0) return [];
  const own = ownList(ownIds);
  const result = await db.execute(sql`
    select ${j.groupId} as "groupId", ${p.accountId} as "accountId", to_char(${j.date}, 'YYYY-MM-DD') as "date",
      ${p.amountCents} as "amountCents", ${j.description} as "description",
      (select a.name from ${ledgerPostings} q join ${ledgerAccounts} a on a.id = q.account_id
        where q.journal_id = ${j.id} and q.account_id not in ${own} order by q.id limit 1) as "category"
    from ${j} join ${p} on ${p.journalId} = ${j.id} and ${p.accountId} in ${own}
    where ${live(userId)} and ${j.kind} = ${kind} and ${j.date} between ${from}::date and ${to}::date
      and ${ordinarySql(own)}
    order by ${j.date} desc, ${j.groupId}
    limit ${limit}`);
  return rowsOf<HistoryLedgerRow>(result).map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
}

/**
 * The fresh rows of `freshOrdinaryRows` and the ones that could be their other side: an ordinary live
 * journal of `kind` with the opposite amount on another of `ownIds`, at most `withinDays` away.
 * Three reads, each on an index whatever the planner knows of a batch published a moment ago: the
 * fresh rows; the postings on the own accounts whose amount is one of the fresh rows' opposites in
 * the fresh rows' span of days; their journals. The exact pairing (another account, the days apart)
 * is checked here. (One statement with
 * a LATERAL probe per fresh row was planned as a 10,000 × 10,000 join filter for a new batch:
 * docs/measurements.md, "The import commit and found transfers".)
 */
export async function opposingRows(
  db: Db,
  userId: string,
  kind: string,
  ownIds: readonly string[],
  fresh: FreshSelector,
  withinDays: number,
): Promise<OpposingRow[]> {
  const rows = await freshOrdinaryRows(db, userId, kind, ownIds, fresh);
  if (rows.length === 0) return [];
  const byAmount = new Map<number, OpposingRow[]>();
  for (const r of rows) byAmount.set(-r.amountCents, [...(byAmount.get(-r.amountCents) ?? []), r]);
  const amounts = [...byAmount.keys()].filter((a) => a !== 0 && Number.isSafeInteger(a));
  const days = rows.map((r) => r.date).sort();
  const [first, last] = [days[0], days.at(-1)];
  if (amounts.length === 0 || !first || !last) return rows;
  const p = ledgerPostings;
  const own = ownList(ownIds);
  // Integers read back from the ledger, written inline: one array, not thousands of bound parameters.
  const amountArray = sql.raw(`array[${amounts.join(',')}]::bigint[]`);
  const postings = rowsOf<{ journalId: string }>(
    await db.execute(sql`
      select distinct ${p.journalId} as "journalId" from ${p}
      where ${p.accountId} in ${own} and ${p.amountCents} = any(${amountArray})
        and ${p.date} between ${first}::date - ${withinDays}::int and ${last}::date + ${withinDays}::int`),
  );
  if (postings.length === 0) return rows;
  // Their journals by id, in a statement of their own: joined in one, a batch published a moment ago
  // (no statistics yet) had the planner scan every journal of the user once per posting.
  const ids = sql.join(
    postings.map((r) => sql`${r.journalId}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select ${j.groupId} as "groupId", ${p.accountId} as "accountId", to_char(${j.date}, 'YYYY-MM-DD') as "date",
      ${p.amountCents} as "amountCents", ${j.description} as "description"
    from ${j} join ${p} on ${p.journalId} = ${j.id} and ${p.accountId} in ${own}
    where ${j.id} in (${ids}) and ${live(userId)} and ${j.kind} = ${kind} and ${ordinarySql(own)}`);
  const byGroup = new Map<string, OpposingRow>(rows.map((r) => [r.groupId, r]));
  for (const c of rowsOf<OpposingRow>(result)) {
    if (byGroup.has(c.groupId)) continue;
    const candidate = opposing(c, false);
    const sides = byAmount.get(candidate.amountCents) ?? [];
    const near = sides.some(
      (f) => f.accountId !== candidate.accountId && daysApart(f.date, candidate.date) <= withinDays,
    );
    if (near) byGroup.set(candidate.groupId, candidate);
  }
  return [...byGroup.values()];
}

export interface DescriptionTally {
  description: string;
  /** The bank's own category of these rows (null: none given). */
  bankCategory: string | null;
  accountId: string;
  /** The account the rows are in (their line outside `accountIds`; null when none). */
  sourceAccountId: string | null;
  count: number;
  last: string;
}

/**
 * The recent history of categories: the user's `recent` newest live journals of `kind` (the walk of
 * `ledger_journals_kind_idx`, newest first, stopping there), those with a line on one of `accountIds`
 * (the outside accounts), tallied by description, bank category, account and the account the rows are in. Bounded by `recent` at any size of
 * history: a page's read costs the same at 100 transactions and at 100,000.
 */
export async function descriptionTallies(
  db: Db,
  userId: string,
  kind: string,
  accountIds: readonly string[],
  recent: number,
): Promise<DescriptionTally[]> {
  if (accountIds.length === 0) return [];
  const p = ledgerPostings;
  const accounts = sql.join(
    accountIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select r.description, r.bank_category as "bankCategory", p.account_id as "accountId",
      (select q.account_id from ${ledgerPostings} q
        where q.journal_id = r.id and q.account_id not in (${accounts}) limit 1) as "sourceAccountId",
      count(*)::int as count, to_char(max(r.date), 'YYYY-MM-DD') as last
    from (
      select ${j.id} as id, ${j.description} as description, ${j.bankCategory} as bank_category, ${j.date} as date
      from ${j}
      where ${live(userId)} and ${j.kind} = ${kind}
      order by ${j.date} desc, ${j.createdAt} desc
      limit ${recent}
    ) r
    join ${p} p on p.journal_id = r.id and p.account_id in (${accounts})
    group by r.description, r.bank_category, p.account_id, "sourceAccountId"`);
  const rows = (result as unknown as { rows: DescriptionTally[] }).rows;
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}
