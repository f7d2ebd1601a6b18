import type { Db } from '@helo/db/client';
import { type WalletImportRow, walletImports } from '@helo/db/schema';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { ImportFormat } from './import-preview.ts';

export async function insertImport(
  db: Db,
  userId: string,
  file: { accountId: string; fileName: string; format: ImportFormat; content: string },
  now: Date,
): Promise<WalletImportRow> {
  const [row] = await db
    .insert(walletImports)
    .values({ userId, ...file, createdAt: now })
    .returning();
  if (!row) throw new Error('insert into wallet_imports returned no row');
  return row;
}

export async function findImport(db: Db, userId: string, id: string): Promise<WalletImportRow | undefined> {
  const [row] = await db
    .select()
    .from(walletImports)
    .where(and(eq(walletImports.id, id), eq(walletImports.userId, userId)))
    .limit(1);
  return row;
}

/** The import, locked until the transaction ends (the commit holds the Nest's lock already). */
export async function lockImport(tx: Db, userId: string, id: string): Promise<WalletImportRow | undefined> {
  const [row] = await tx
    .select()
    .from(walletImports)
    .where(and(eq(walletImports.id, id), eq(walletImports.userId, userId)))
    .for('update');
  return row;
}

/** How many files the user uploaded since `since`, and when the first of them was. */
export async function importsSince(
  db: Db,
  userId: string,
  since: Date,
): Promise<{ count: number; first: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, first: sql<string | null>`min(${walletImports.createdAt})` })
    .from(walletImports)
    .where(and(eq(walletImports.userId, userId), gte(walletImports.createdAt, since)));
  return { count: row?.count ?? 0, first: row?.first ? new Date(row.first) : null };
}

/** Marks the import committed and drops its text (the transactions hold what it said). */
export async function markCommitted(tx: Db, userId: string, id: string, inserted: number, now: Date): Promise<void> {
  await tx
    .update(walletImports)
    .set({ committedAt: now, insertedCount: inserted, content: null, stagingToken: null, stagingAt: null })
    .where(and(eq(walletImports.id, id), eq(walletImports.userId, userId)));
}

/** The account the import's rows go into, changed (the preview or the commit named another). */
export async function setImportAccount(db: Db, userId: string, id: string, accountId: string): Promise<void> {
  await db
    .update(walletImports)
    .set({ accountId })
    .where(and(eq(walletImports.id, id), eq(walletImports.userId, userId)));
}
