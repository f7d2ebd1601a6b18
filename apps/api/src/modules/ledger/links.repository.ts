import type { Db } from '@helo/db/client';
import { type LedgerLinkRow, ledgerAccounts, ledgerJournals, ledgerLinks, ledgerPostings } from '@helo/db/schema';
import { and, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { notStaged } from './batches.repository.ts';
import { likePattern } from './journals.repository.ts';

/** The SQL of bank rows linked to journals (ledger_links, migration 0027). */

const l = ledgerLinks;
const j = ledgerJournals;

/** The journal's live link and the name of the account its row came into, if any. */
/**
 * The transactions (group ids) that live on as bank rows kept as links (a found transfer's other
 * side, a paycheck the Nest recorded), as a subquery: what they paid is paid still.
 */
export const linkedGroupsSql = (userId: string): SQL =>
  sql`select ${l.replacedGroupId} from ${l} where ${l.userId} = ${userId} and ${l.unlinkedById} is null and ${l.replacedGroupId} is not null`;

export async function liveLinkOf(
  db: Db,
  userId: string,
  journalId: string,
): Promise<(LedgerLinkRow & { accountName: string }) | undefined> {
  const [row] = await db
    .select({ link: l, accountName: ledgerAccounts.name })
    .from(l)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, l.accountId))
    .where(and(eq(l.userId, userId), eq(l.journalId, journalId), isNull(l.unlinkedById)))
    .limit(1);
  return row ? { ...row.link, accountName: row.accountName } : undefined;
}

/**
 * Live, published journals of a kind dated from `from` to `to` that no live link names, with what
 * they brought in (the sum of their lines above zero: a Nest deposit's amount).
 */
export async function unlinkedJournals(db: Db, userId: string, kind: string, from: string, to: string) {
  const rows = await db
    .select({
      id: j.id,
      date: j.date,
      description: j.description,
      amountCents: sql<string>`(select sum(p.amount_cents) from ${ledgerPostings} p where p.journal_id = ${sql.raw('"ledger_journals"."id"')} and p.amount_cents > 0)`,
    })
    .from(j)
    .where(
      and(
        eq(j.userId, userId),
        eq(j.kind, kind),
        gte(j.date, from),
        lte(j.date, to),
        isNull(j.reversedById),
        isNull(j.reversesId),
        notStaged(userId, j.batchId),
        sql`not exists (select 1 from ${l} where ${l.journalId} = ${j.id} and ${l.unlinkedById} is null)`,
      ),
    );
  return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents ?? 0) }));
}

export async function insertLinks(tx: Db, rows: (typeof ledgerLinks.$inferInsert)[]): Promise<LedgerLinkRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(l).values(rows).returning();
}

export async function lockLiveLink(tx: Db, userId: string, id: string): Promise<LedgerLinkRow | undefined> {
  const [row] = await tx
    .select()
    .from(l)
    .where(and(eq(l.userId, userId), eq(l.id, id), isNull(l.unlinkedById)))
    .for('update');
  return row;
}

export async function findLink(db: Db, userId: string, id: string): Promise<LedgerLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(l)
    .where(and(eq(l.userId, userId), eq(l.id, id)))
    .limit(1);
  return row;
}

export async function markUnlinked(tx: Db, id: string, journalId: string): Promise<void> {
  await tx.update(l).set({ unlinkedById: journalId }).where(eq(l.id, id));
}

export interface LinkFilter {
  accountIds?: readonly string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  /** Only rows linked to journals of this kind (My Wallet lists the Nest's; a found transfer is listed as its journal). */
  journalKind?: string | undefined;
}

/** Live links newest first, in the lists' order (date, time entered, id), after a cursor. */
export async function liveLinksPage(
  db: Db,
  userId: string,
  filter: LinkFilter,
  limit: number,
  after?: { date: string; createdAt: Date; id: string },
): Promise<LedgerLinkRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(l.userId, userId),
    isNull(l.unlinkedById),
    filter.accountIds ? inArray(l.accountId, [...filter.accountIds]) : undefined,
    filter.from ? gte(l.date, filter.from) : undefined,
    filter.to ? lte(l.date, filter.to) : undefined,
    filter.search
      ? sql`lower(${l.description} || ' ' || coalesce(${l.note}, '')) like lower(${likePattern(filter.search)})`
      : undefined,
    filter.journalKind
      ? sql`exists (select 1 from ${j} where ${j.id} = ${l.journalId} and ${j.kind} = ${filter.journalKind})`
      : undefined,
    after
      ? sql`(${l.date}, ${l.createdAt}, ${l.id}) < (${after.date}::date, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined,
  ];
  if (filter.accountIds?.length === 0) return [];
  return db
    .select()
    .from(l)
    .where(and(...conditions))
    .orderBy(desc(l.date), desc(l.createdAt), desc(l.id))
    .limit(limit);
}

/** The account's live links a file's rows could repeat: on one of these days, or with one of these bank ids. */
export async function liveLinksLike(
  db: Db,
  userId: string,
  accountId: string,
  days: readonly string[],
  externalIds: readonly string[],
): Promise<LedgerLinkRow[]> {
  if (days.length === 0 && externalIds.length === 0) return [];
  return db
    .select()
    .from(l)
    .where(
      and(
        eq(l.userId, userId),
        eq(l.accountId, accountId),
        isNull(l.unlinkedById),
        or(
          days.length > 0 ? inArray(l.date, [...days]) : undefined,
          externalIds.length > 0 ? inArray(l.externalId, [...externalIds]) : undefined,
        ),
      ),
    );
}

/** How many live links the accounts have (an account with links is not empty). */
export async function liveLinkCount(db: Db, userId: string, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(l)
    .where(and(eq(l.userId, userId), eq(l.accountId, accountId), isNull(l.unlinkedById)));
  return row?.n ?? 0;
}

/**
 * A live link of `fromId` whose bank id `toId` already holds (a live link or a live journal of that
 * account): moving it would make one bank row two.
 */
export async function linkHeldIn(
  db: Db,
  userId: string,
  fromId: string,
  toId: string,
): Promise<LedgerLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(l)
    .where(
      and(
        eq(l.userId, userId),
        eq(l.accountId, fromId),
        isNull(l.unlinkedById),
        or(
          sql`exists (select 1 from ledger_links o where o.user_id = ${userId} and o.account_id = ${toId}
                and o.unlinked_by_id is null and o.external_id = ${l.externalId})`,
          sql`exists (select 1 from ledger_journals jj where jj.user_id = ${userId} and jj.external_account_id = ${toId}
                and jj.external_id = ${l.externalId} and jj.reversed_by_id is null and jj.reverses_id is null)`,
        ),
      ),
    )
    .limit(1);
  return row;
}

/** Moves the account's links (live and unlinked) into another account (the account is being deleted). */
export async function moveLinks(tx: Db, userId: string, fromId: string, toId: string): Promise<void> {
  await tx
    .update(l)
    .set({ accountId: toId })
    .where(and(eq(l.userId, userId), eq(l.accountId, fromId)));
}

/** Which of these journals hold a live link that replaced a transaction (a found transfer's other side). */
export async function pairedJournalIds(db: Db, userId: string, journalIds: readonly string[]): Promise<Set<string>> {
  if (journalIds.length === 0) return new Set();
  const rows = await db
    .select({ journalId: l.journalId })
    .from(l)
    .where(
      and(
        eq(l.userId, userId),
        inArray(l.journalId, [...journalIds]),
        isNull(l.unlinkedById),
        sql`${l.replacedGroupId} is not null`,
      ),
    );
  return new Set(rows.map((r) => r.journalId));
}
