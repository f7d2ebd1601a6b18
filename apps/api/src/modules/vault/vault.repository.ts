import type { Db } from '@helo/db/client';
import { vaultAccounts, vaultFiles } from '@helo/db/schema';
import { and, desc, eq, sql } from 'drizzle-orm';

export type VaultAccountRow = typeof vaultAccounts.$inferSelect;
export type VaultFileRow = typeof vaultFiles.$inferSelect;
export type NewVaultFile = Omit<VaultFileRow, 'createdAt' | 'updatedAt'>;

export async function findVaultAccount(db: Db, userId: string): Promise<VaultAccountRow | undefined> {
  const [row] = await db.select().from(vaultAccounts).where(eq(vaultAccounts.userId, userId)).limit(1);
  return row;
}

/**
 * The user's Vault, locked until the transaction ends: every change of its files and totals takes it
 * first, so two uploads at the quota's edge run one after the other and the second sees the first.
 */
export async function lockVaultAccount(tx: Db, userId: string): Promise<VaultAccountRow | undefined> {
  const [row] = await tx.select().from(vaultAccounts).where(eq(vaultAccounts.userId, userId)).for('update');
  return row;
}

/** Activates the Vault; undefined when it already was (the primary key decides between two at once). */
export async function insertVaultAccount(db: Db, userId: string, now: Date): Promise<VaultAccountRow | undefined> {
  const [row] = await db
    .insert(vaultAccounts)
    .values({ userId, activatedAt: now })
    .onConflictDoNothing({ target: vaultAccounts.userId })
    .returning();
  return row;
}

/** Adds `bytes` and `files` (negative to take away) to the totals; the row is locked by the caller. */
export async function addToTotals(tx: Db, userId: string, bytes: number, files: number): Promise<VaultAccountRow> {
  const [row] = await tx
    .update(vaultAccounts)
    .set({
      usedBytes: sql`${vaultAccounts.usedBytes} + ${bytes}`,
      fileCount: sql`${vaultAccounts.fileCount} + ${files}`,
    })
    .where(eq(vaultAccounts.userId, userId))
    .returning();
  if (!row) throw new Error('the Vault row locked by this transaction is gone');
  return row;
}

/** Every file of the user, newest first (the id breaks ties of one instant, so the order is stable). */
export function listFiles(db: Db, userId: string): Promise<VaultFileRow[]> {
  return db
    .select()
    .from(vaultFiles)
    .where(eq(vaultFiles.userId, userId))
    .orderBy(desc(vaultFiles.createdAt), desc(vaultFiles.id));
}

/** The user's file of that id; another user's id reads as none. */
export async function findFile(db: Db, userId: string, id: string): Promise<VaultFileRow | undefined> {
  const [row] = await db
    .select()
    .from(vaultFiles)
    .where(and(eq(vaultFiles.userId, userId), eq(vaultFiles.id, id)))
    .limit(1);
  return row;
}

export async function insertFile(tx: Db, file: NewVaultFile, now: Date): Promise<VaultFileRow> {
  const [row] = await tx
    .insert(vaultFiles)
    .values({ ...file, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function renameFile(
  db: Db,
  userId: string,
  id: string,
  name: string,
  now: Date,
): Promise<VaultFileRow | undefined> {
  const [row] = await db
    .update(vaultFiles)
    .set({ name, updatedAt: now })
    .where(and(eq(vaultFiles.userId, userId), eq(vaultFiles.id, id)))
    .returning();
  return row;
}

export async function deleteFile(tx: Db, userId: string, id: string): Promise<VaultFileRow | undefined> {
  const [row] = await tx
    .delete(vaultFiles)
    .where(and(eq(vaultFiles.userId, userId), eq(vaultFiles.id, id)))
    .returning();
  return row;
}
