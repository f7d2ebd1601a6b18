import type { Db } from '@helo/db/client';
import { ledgerAccounts, ledgerBatches, ledgerJournals, ledgerPostings } from '@helo/db/schema';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { JournalInput } from './ledger.ts';

/** The SQL of batches (batches.ts). Journals and postings go in as one JSON parameter each. */

/** The statement's rows, from either driver's answer. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Stages journals into the batch, in one statement whatever their number, so a short transaction of an
 * import costs one round trip (a chunk's fixed cost decides how small the chunks of a busy database
 * get). The statement makes the batch if it is new or takes a share lock on it (publishing, an update of
 * its row, waits for this transaction), counts the user's open accounts among those named, writes the
 * journals (one whose bank id is already held in its account is left out: ON CONFLICT DO NOTHING on the
 * unique index) and the postings of those written. Nothing is written unless the batch is the user's and
 * not published and every account is the user's and open; the answer says which. Each list goes in as
 * one JSON parameter: building thousands of bound VALUES costs more than the insert itself (10,000 rows:
 * 5 s that way, 0.6 s as JSON unpacked by jsonb_to_recordset). The postings' trigger sees the journals
 * written by the statement's own WITH.
 */
export async function insertStaged(
  tx: Db,
  userId: string,
  batchId: string,
  rows: readonly { id: string; journal: JournalInput }[],
): Promise<{ batchOpen: boolean; accountsFound: number; accountsNamed: number; written: Set<string> }> {
  const journals = rows.map(({ id, journal: j }) => ({
    i: id,
    d: j.date,
    k: j.kind,
    s: j.description,
    o: j.originalDescription ?? null,
    bc: j.bankCategory ?? null,
    n: j.note ?? null,
    x: j.externalId ?? null,
    xa: j.externalId ? (j.externalAccountId ?? null) : null,
    c: j.createdAt?.toISOString() ?? null,
  }));
  const postings = rows.flatMap(({ id, journal }) =>
    journal.lines.map((l) => ({ j: id, a: l.accountId, c: l.amountCents, d: journal.date })),
  );
  const accounts = [...new Set(postings.map((p) => p.a))];
  const [answer] = rowsOf<{ batch: number | string; accounts: number | string; written: string | null }>(
    await tx.execute(sql`
      WITH made AS (
        INSERT INTO ${ledgerBatches} (id, user_id) VALUES (${batchId}::uuid, ${userId}::uuid)
        ON CONFLICT (id) DO NOTHING RETURNING id
      ), held AS (
        SELECT id FROM ${ledgerBatches}
        WHERE id = ${batchId}::uuid AND user_id = ${userId}::uuid AND published_at IS NULL FOR SHARE
      ), open_batch AS (
        SELECT id FROM made UNION ALL SELECT id FROM held
      ), found AS (
        SELECT count(*) AS n FROM ${ledgerAccounts}
        WHERE user_id = ${userId}::uuid AND closed_at IS NULL
          AND id IN (SELECT jsonb_array_elements_text(${JSON.stringify(accounts)}::jsonb)::uuid)
      ), written AS (
        INSERT INTO ${ledgerJournals} (id, user_id, group_id, version, date, kind, description, original_description,
          bank_category, note, external_id, external_account_id, batch_id, created_at)
        SELECT r.i, ${userId}::uuid, r.i, 1, r.d, r.k, r.s, r.o, r.bc, r.n, r.x, r.xa, ${batchId}::uuid, coalesce(r.c, now())
        FROM jsonb_to_recordset(${JSON.stringify(journals)}::jsonb)
          AS r(i uuid, d date, k text, s text, o text, bc text, n text, x text, xa uuid, c timestamptz)
        WHERE EXISTS (SELECT 1 FROM open_batch) AND (SELECT n FROM found) = ${accounts.length}
        ON CONFLICT DO NOTHING
        RETURNING id
      ), lines AS (
        INSERT INTO ${ledgerPostings} (journal_id, user_id, account_id, amount_cents, date, batch_id)
        SELECT p.j, ${userId}::uuid, p.a, p.c, p.d, ${batchId}::uuid
        FROM jsonb_to_recordset(${JSON.stringify(postings)}::jsonb) AS p(j uuid, a uuid, c bigint, d date)
        JOIN written w ON w.id = p.j
        RETURNING journal_id
      )
      SELECT (SELECT count(*) FROM open_batch) AS batch, (SELECT n FROM found) AS accounts,
        (SELECT string_agg(DISTINCT journal_id::text, ',') FROM lines) AS written`),
  );
  return {
    batchOpen: Number(answer?.batch ?? 0) > 0,
    accountsFound: Number(answer?.accounts ?? 0),
    accountsNamed: accounts.length,
    // The ids written, as text joined by commas: one plain column on both drivers.
    written: new Set(answer?.written ? answer.written.split(',') : []),
  };
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
