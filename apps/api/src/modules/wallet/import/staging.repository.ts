import type { Db } from '@helo/db/client';
import { walletImports, walletTransactions } from '@helo/db/schema';
import { and, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';

/**
 * Staged rows (decisions.md "Imports that do not stall the others"): a commit writes an import's
 * rows into `wallet_transactions` in short chunks, and they are published all at once when the
 * import is marked committed. Until then a row is *staged*: its import exists and is not committed.
 * Nothing reads a staged row (`notStaged` is in every read of the Wallet) and the running totals
 * leave it out (the triggers of migration 0020). Here: that predicate, and the claim that lets one
 * commit of a user stage at a time.
 */

/**
 * A commit renews its claim with every chunk it writes (a fraction of a second each); one not
 * renewed for this long died with its server, and the user's next commit takes the claim over.
 */
export const STAGING_LEASE_MS = 2 * 60_000;

/**
 * A row the user can see: entered by hand, or from a committed import. One uncorrelated subquery
 * (the user's uncommitted imports: none, or a few), so PostgreSQL hashes it once per statement.
 */
export const notStaged = (userId: string): SQL =>
  sql`(${walletTransactions.importId} is null or ${walletTransactions.importId} not in (select ${walletImports.id} from ${walletImports} where ${walletImports.userId} = ${userId} and ${walletImports.committedAt} is null))`;

/** Another import of the user that a live commit is staging (claimed after `liveSince`). */
export async function liveStagingOf(tx: Db, userId: string, id: string, liveSince: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: walletImports.id })
    .from(walletImports)
    .where(
      and(
        eq(walletImports.userId, userId),
        ne(walletImports.id, id),
        isNull(walletImports.committedAt),
        isNotNull(walletImports.stagingAt),
        sql`${walletImports.stagingAt} >= ${liveSince.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Claims the import for one commit (the caller holds the Nest's lock), and takes every other claim
 * of the user away: a claim past its lease belongs to a commit that died (or stalled), whose rows
 * the new claimant discards before it stages its own.
 */
export async function claimStaging(tx: Db, userId: string, id: string, token: string, now: Date): Promise<void> {
  await tx
    .update(walletImports)
    .set({ stagingToken: null, stagingAt: null })
    .where(and(eq(walletImports.userId, userId), ne(walletImports.id, id), isNotNull(walletImports.stagingToken)));
  await tx
    .update(walletImports)
    .set({ stagingToken: token, stagingAt: now })
    .where(and(eq(walletImports.id, id), eq(walletImports.userId, userId)));
}

/**
 * Renews the claim (and locks the import's row until the caller's transaction ends); false when the
 * claim was taken away, so the caller writes nothing.
 */
export async function holdsClaim(tx: Db, userId: string, id: string, token: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(walletImports)
    .set({ stagingAt: now })
    .where(
      and(
        eq(walletImports.id, id),
        eq(walletImports.userId, userId),
        eq(walletImports.stagingToken, token),
        isNull(walletImports.committedAt),
      ),
    )
    .returning({ id: walletImports.id });
  return rows.length > 0;
}

/**
 * Deletes up to `limit` staged rows of the user (of any uncommitted import: under the user's only
 * live claim, those are this commit's own leftovers or a dead commit's); answers how many.
 */
export async function discardStagedRows(tx: Db, userId: string, limit: number): Promise<number> {
  const t = walletTransactions;
  const rows = await tx
    .delete(t)
    .where(
      and(
        eq(t.userId, userId),
        sql`${t.id} in (select s.id from ${t} s where s.user_id = ${userId} and s.import_id in (select i.id from ${walletImports} i where i.user_id = ${userId} and i.committed_at is null) limit ${limit})`,
      ),
    )
    .returning({ id: t.id });
  return rows.length;
}

/** Gives the claim up (a failed commit, once its rows are discarded). */
export async function releaseClaim(db: Db, userId: string, id: string, token: string): Promise<void> {
  await db
    .update(walletImports)
    .set({ stagingToken: null, stagingAt: null })
    .where(and(eq(walletImports.id, id), eq(walletImports.userId, userId), eq(walletImports.stagingToken, token)));
}
