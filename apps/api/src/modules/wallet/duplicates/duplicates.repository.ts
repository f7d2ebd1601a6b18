import type { Db } from '@helo/db/client';
import { walletDuplicatePairs as pairs, type WalletDuplicatePairRow } from '@helo/db/schema';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';

const ordered = (a: string, b: string) => (a < b ? { firstId: a, secondId: b } : { firstId: b, secondId: a });

/** The pairs among these transactions the user kept both of (still in force). */
export async function keptPairs(db: Db, userId: string, ids: readonly string[]): Promise<WalletDuplicatePairRow[]> {
  if (ids.length === 0) return [];
  const list = [...new Set(ids)];
  return db
    .select()
    .from(pairs)
    .where(
      and(
        eq(pairs.userId, userId),
        eq(pairs.decision, 'kept'),
        isNull(pairs.undoneAt),
        or(inArray(pairs.firstId, list), inArray(pairs.secondId, list)),
      ),
    );
}

/** The decision in force about the pair, locked until the transaction ends. */
export async function lockLivePair(db: Db, userId: string, a: string, b: string) {
  const { firstId, secondId } = ordered(a, b);
  const [row] = await db
    .select()
    .from(pairs)
    .where(
      and(eq(pairs.userId, userId), eq(pairs.firstId, firstId), eq(pairs.secondId, secondId), isNull(pairs.undoneAt)),
    )
    .for('update');
  return row;
}

/** The newest merge in force that the transaction was one of, locked. */
export async function lockLiveMergeOf(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(pairs)
    .where(
      and(
        eq(pairs.userId, userId),
        eq(pairs.decision, 'merged'),
        isNull(pairs.undoneAt),
        or(eq(pairs.firstId, id), eq(pairs.secondId, id)),
      ),
    )
    .orderBy(desc(pairs.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function insertPair(
  db: Db,
  userId: string,
  a: string,
  b: string,
  decision:
    | { decision: 'kept' }
    | { decision: 'merged'; intoId: string; beforeJournalId: string; afterJournalId: string; foldedJournalId: string },
  at: Date,
): Promise<void> {
  await db.insert(pairs).values({ userId, ...ordered(a, b), ...decision, createdAt: at });
}

export async function markUndone(db: Db, userId: string, id: string, at: Date): Promise<void> {
  await db
    .update(pairs)
    .set({ undoneAt: at })
    .where(and(eq(pairs.userId, userId), eq(pairs.id, id)));
}
