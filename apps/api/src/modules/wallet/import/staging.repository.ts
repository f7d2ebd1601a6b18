import type { Db } from '@helo/db/client';
import { walletImports } from '@helo/db/schema';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';

/**
 * Staged rows (decisions.md "Imports that do not stall the others"): a commit stages an import's
 * rows as journals of the ledger batch with the import's id, in short chunks, and publishes the batch
 * in one last short transaction (the ledger's batches.ts: nothing reads or counts a staged journal).
 * Here: the claim that lets one commit of a user stage at a time.
 */

/**
 * A commit renews its claim with every chunk it writes (a fraction of a second each); one not
 * renewed for this long died with its server, and the user's next commit takes the claim over.
 */
export const STAGING_LEASE_MS = 2 * 60_000;

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

/** Gives the claim up (a failed commit, once its rows are discarded). */
export async function releaseClaim(db: Db, userId: string, id: string, token: string): Promise<void> {
  await db
    .update(walletImports)
    .set({ stagingToken: null, stagingAt: null })
    .where(and(eq(walletImports.id, id), eq(walletImports.userId, userId), eq(walletImports.stagingToken, token)));
}
