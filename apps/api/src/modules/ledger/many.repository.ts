import type { Db } from '@helo/db/client';
import { type LedgerJournalRow, ledgerAccounts, ledgerBatches, ledgerJournals, ledgerLinks } from '@helo/db/schema';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';

/** The SQL of changes to many journals at once (many.ts): one statement for all, not one each. */

/** The user's journals among `ids`, locked until the transaction ends, in id order (no deadlock). */
export async function lockJournals(tx: Db, userId: string, ids: readonly string[]): Promise<LedgerJournalRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.userId, userId), inArray(ledgerJournals.id, [...ids])))
    .orderBy(asc(ledgerJournals.id))
    .for('update');
}

/** Which of these batches are published. */
export async function publishedOf(db: Db, batchIds: readonly string[]): Promise<Set<string>> {
  if (batchIds.length === 0) return new Set();
  const rows = await db
    .select({ id: ledgerBatches.id })
    .from(ledgerBatches)
    .where(and(inArray(ledgerBatches.id, [...batchIds]), isNotNull(ledgerBatches.publishedAt)));
  return new Set(rows.map((r) => r.id));
}

/** A live link naming one of these journals, with its account's name (a linked journal is not undone). */
export async function firstLiveLinkOf(db: Db, userId: string, journalIds: readonly string[]) {
  if (journalIds.length === 0) return undefined;
  const [row] = await db
    .select({ accountName: ledgerAccounts.name })
    .from(ledgerLinks)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLinks.accountId))
    .where(
      and(
        eq(ledgerLinks.userId, userId),
        inArray(ledgerLinks.journalId, [...journalIds]),
        isNull(ledgerLinks.unlinkedById),
      ),
    )
    .limit(1);
  return row;
}

/** Each group's highest version and whether a journal of it is live. */
export async function groupStates(
  tx: Db,
  userId: string,
  groupIds: readonly string[],
): Promise<Map<string, { live: boolean; version: number }>> {
  if (groupIds.length === 0) return new Map();
  const rows = await tx
    .select({
      groupId: ledgerJournals.groupId,
      live: sql<boolean>`bool_or(${ledgerJournals.reversedById} IS NULL AND ${ledgerJournals.reversesId} IS NULL)`,
      version: sql<number>`max(${ledgerJournals.version})::int`,
    })
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.userId, userId), inArray(ledgerJournals.groupId, [...groupIds])))
    .groupBy(ledgerJournals.groupId);
  return new Map(rows.map((r) => [r.groupId, { live: r.live, version: r.version }]));
}

/** Marks journals reversed by the given reversals, in one statement. */
export async function markManyReversed(tx: Db, pairs: readonly { id: string; by: string }[]): Promise<void> {
  if (pairs.length === 0) return;
  const values = sql.join(
    pairs.map((p) => sql`(${p.id}::uuid, ${p.by}::uuid)`),
    sql`, `,
  );
  await tx.execute(
    sql`UPDATE ledger_journals AS j SET reversed_by_id = v.by FROM (VALUES ${values}) AS v(id, by) WHERE j.id = v.id`,
  );
}
