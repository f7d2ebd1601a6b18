import { type CsvMappingBody, csvMapping } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import { walletImportMappings } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';

/**
 * The mapping confirmed for the account's files of a shape, or undefined. One stored under an
 * older contract that no longer parses is as good as none: the file is guessed again.
 */
export async function rememberedMapping(
  db: Db,
  userId: string,
  accountId: string,
  shape: string,
): Promise<CsvMappingBody | undefined> {
  const [row] = await db
    .select({ mapping: walletImportMappings.mapping })
    .from(walletImportMappings)
    .where(
      and(
        eq(walletImportMappings.userId, userId),
        eq(walletImportMappings.accountId, accountId),
        eq(walletImportMappings.shape, shape),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const parsed = csvMapping.safeParse(row.mapping);
  return parsed.success ? parsed.data : undefined;
}

/** Keeps the mapping a commit used for the account's files of this shape (the latest wins). */
export async function rememberMapping(
  db: Db,
  userId: string,
  accountId: string,
  shape: string,
  mapping: CsvMappingBody,
  now: Date,
): Promise<void> {
  await db
    .insert(walletImportMappings)
    .values({ userId, accountId, shape, mapping, updatedAt: now })
    .onConflictDoUpdate({
      target: [walletImportMappings.userId, walletImportMappings.accountId, walletImportMappings.shape],
      set: { mapping, updatedAt: now },
    });
}
