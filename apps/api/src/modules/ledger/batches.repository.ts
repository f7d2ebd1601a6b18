import type { Db } from '@helo/db/client';
import { ledgerBatches, ledgerJournals, ledgerPostings } from '@helo/db/schema';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { JournalInput } from './ledger.ts';

/** The SQL of batches (batches.ts). Journals and postings go in as one JSON parameter each. */

/** The statement's rows, from either driver's answer. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Makes the batch if it is new and takes a share lock on it until the transaction ends (publishing,
 * an update of the row, waits for it); false when it is another user's or published already.
 */
export async function lockBatchForStaging(tx: Db, userId: string, batchId: string): Promise<boolean> {
  await tx.insert(ledgerBatches).values({ id: batchId, userId }).onConflictDoNothing({ target: ledgerBatches.id });
  const [row] = await tx
    .select({ id: ledgerBatches.id })
    .from(ledgerBatches)
    .where(and(eq(ledgerBatches.id, batchId), eq(ledgerBatches.userId, userId), isNull(ledgerBatches.publishedAt)))
    .for('share');
  return row !== undefined;
}

/**
 * The journals in one statement (a bank id already held in its account leaves its journal out: ON
 * CONFLICT DO NOTHING on the unique index), then the postings of those written in one more; answers the
 * ids written. Building thousands of bound VALUES costs more than the insert itself (10,000 rows: 5 s
 * that way, 0.6 s as JSON unpacked by jsonb_to_recordset).
 */
export async function insertStaged(
  tx: Db,
  userId: string,
  batchId: string,
  rows: readonly { id: string; journal: JournalInput }[],
): Promise<string[]> {
  const journals = rows.map(({ id, journal: j }) => ({
    i: id,
    d: j.date,
    k: j.kind,
    s: j.description,
    n: j.note ?? null,
    x: j.externalId ?? null,
    xa: j.externalId ? (j.externalAccountId ?? null) : null,
    c: j.createdAt?.toISOString() ?? null,
  }));
  const written = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO ${ledgerJournals} (id, user_id, group_id, version, date, kind, description, note, external_id,
        external_account_id, batch_id, created_at)
      SELECT r.i, ${userId}::uuid, r.i, 1, r.d, r.k, r.s, r.n, r.x, r.xa, ${batchId}::uuid, coalesce(r.c, now())
      FROM jsonb_to_recordset(${JSON.stringify(journals)}::jsonb)
        AS r(i uuid, d date, k text, s text, n text, x text, xa uuid, c timestamptz)
      ON CONFLICT DO NOTHING
      RETURNING id`),
  ).map((r) => r.id);
  const kept = new Set(written);
  const postings = rows.flatMap(({ id, journal }) =>
    kept.has(id) ? journal.lines.map((l) => ({ j: id, a: l.accountId, c: l.amountCents, d: journal.date })) : [],
  );
  if (postings.length > 0) {
    await tx.execute(sql`
      INSERT INTO ${ledgerPostings} (journal_id, user_id, account_id, amount_cents, date, batch_id)
      SELECT p.j, ${userId}::uuid, p.a, p.c, p.d, ${batchId}::uuid
      FROM jsonb_to_recordset(${JSON.stringify(postings)}::jsonb) AS p(j uuid, a uuid, c bigint, d date)`);
  }
  return written;
}

/** Sets the batch published (its trigger adds the sums); false when there was no such unpublished batch. */
export async function markPublished(db: Db, userId: string, batchId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(ledgerBatches)
    .set({ publishedAt: at })
    .where(and(eq(ledgerBatches.id, batchId), eq(ledgerBatches.userId, userId), isNull(ledgerBatches.publishedAt)))
    .returning({ id: ledgerBatches.id });
  return rows.length > 0;
}

/** The user's unpublished batches: none, or a few (one uncorrelated subquery, hashed once per statement). */
export const unpublishedBatches = (userId: string) =>
  sql`(select ${ledgerBatches.id} from ${ledgerBatches} where ${ledgerBatches.userId} = ${userId} and ${ledgerBatches.publishedAt} is null)`;

/** A journal (or posting, by its `batchId` column) that is not staged. */
export const notStaged = (userId: string, batchId: typeof ledgerJournals.batchId | typeof ledgerPostings.batchId) =>
  sql`(${batchId} is null or ${batchId} not in ${unpublishedBatches(userId)})`;

export async function stagedJournalIds(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.userId, userId), sql`${ledgerJournals.batchId} in ${unpublishedBatches(userId)}`))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Deletes those staged journals with their postings (the postings' trigger leaves balances alone: they
 * were never counted); with none, the user's unpublished batches that hold no journal. Answers the rows gone.
 */
export async function deleteStaged(db: Db, userId: string, journalIds: readonly string[]): Promise<number> {
  if (journalIds.length > 0) {
    const ids = [...journalIds];
    await db
      .delete(ledgerPostings)
      .where(and(eq(ledgerPostings.userId, userId), inArray(ledgerPostings.journalId, ids)));
    const gone = await db
      .delete(ledgerJournals)
      .where(and(eq(ledgerJournals.userId, userId), inArray(ledgerJournals.id, ids)))
      .returning({ id: ledgerJournals.id });
    return gone.length;
  }
  const empty = await db
    .delete(ledgerBatches)
    .where(
      and(
        eq(ledgerBatches.userId, userId),
        isNull(ledgerBatches.publishedAt),
        sql`not exists (select 1 from ${ledgerJournals} j where j.batch_id = ${ledgerBatches.id})`,
      ),
    )
    .returning({ id: ledgerBatches.id });
  return empty.length;
}
