import type { Db } from '@helo/db/client';
import { feedback } from '@helo/db/schema';

/** Stores one answered form; returns its id. */
export async function insertFeedback(
  db: Db,
  entry: { userId: string | null; answers: (number | null)[]; comment: string; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(feedback)
    .values({
      userId: entry.userId,
      // Skipped questions are NULL elements; Drizzle types an int[] column's elements as non-null.
      answers: entry.answers as number[],
      comment: entry.comment,
      createdAt: entry.now,
    })
    .returning({ id: feedback.id });
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return row.id;
}
