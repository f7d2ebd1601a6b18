import type { Db } from '@helo/db/client';
import { nestDeposits, vaultAccounts } from '@helo/db/schema';
import { asCents, type Cents } from '@helo/finance/cents';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';

/**
 * The two figures of Home that no area's page reads yet. Everything else Home shows comes from the
 * areas' own repositories and services (home.service.ts).
 */

/**
 * Income recorded in the Nest on days from `first` up to, not including, `next`, net of reversals: a
 * reversed deposit is income that did not happen, so it counts for nothing. The deposits' index
 * (user, date, …) serves the range.
 */
export async function nestIncomeBetween(db: Db, userId: string, first: string, next: string): Promise<Cents> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${nestDeposits.amountCents}), 0)` })
    .from(nestDeposits)
    .where(
      and(
        eq(nestDeposits.userId, userId),
        gte(nestDeposits.date, first),
        lt(nestDeposits.date, next),
        isNull(nestDeposits.reversedAt),
      ),
    );
  // sum() of bigint is numeric in PostgreSQL: it arrives as a string, exact.
  return asCents(Number(row?.cents ?? 0));
}

/**
 * The Vault's activation row with its file count (kept by the Vault's service in the transaction that
 * adds or removes a file), read here directly: the count is already on the row.
 */
export async function vaultState(db: Db, userId: string): Promise<{ active: boolean; fileCount: number }> {
  const [row] = await db
    .select({ fileCount: vaultAccounts.fileCount })
    .from(vaultAccounts)
    .where(eq(vaultAccounts.userId, userId))
    .limit(1);
  return { active: row !== undefined, fileCount: row?.fileCount ?? 0 };
}
