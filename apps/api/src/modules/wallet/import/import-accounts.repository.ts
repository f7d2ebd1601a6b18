import type { Db } from '@helo/db/client';
import { walletImportAccounts } from '@helo/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';

/** The Helo account each of these file accounts (their hashes) went into before. */
export async function accountMatches(db: Db, userId: string, fileAccounts: string[]): Promise<Map<string, string>> {
  if (fileAccounts.length === 0) return new Map();
  const rows = await db
    .select({ fileAccount: walletImportAccounts.fileAccount, accountId: walletImportAccounts.accountId })
    .from(walletImportAccounts)
    .where(and(eq(walletImportAccounts.userId, userId), inArray(walletImportAccounts.fileAccount, fileAccounts)));
  return new Map(rows.map((r) => [r.fileAccount, r.accountId]));
}

/** Remembers (or moves) where each file account went. */
export async function rememberAccountMatches(
  tx: Db,
  userId: string,
  matches: { fileAccount: string; accountId: string }[],
  now: Date,
): Promise<void> {
  if (matches.length === 0) return;
  await tx
    .insert(walletImportAccounts)
    .values(matches.map((m) => ({ userId, ...m, updatedAt: now })))
    .onConflictDoUpdate({
      target: [walletImportAccounts.userId, walletImportAccounts.fileAccount],
      set: { accountId: sql`excluded.account_id`, updatedAt: sql`excluded.updated_at` },
    });
}
