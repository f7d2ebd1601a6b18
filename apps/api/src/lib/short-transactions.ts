import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '@helo/db/client';

/**
 * Work too big for one transaction, done as many short ones: `write` runs on each chunk of `items`
 * in a transaction of its own, and the event loop turns between them. On embedded PGlite (one
 * connection, in this thread) a long transaction holds every other request's query until it ends;
 * short ones let the queries waiting for the connection run in between. The caller makes the whole
 * all-or-nothing (the wallet import stages its chunks and publishes them in one last transaction).
 */
export async function inShortTransactions<T>(
  db: Db,
  items: readonly T[],
  chunkSize: number,
  write: (tx: Db, chunk: readonly T[]) => Promise<void>,
): Promise<void> {
  for (let at = 0; at < items.length; at += chunkSize) {
    const chunk = items.slice(at, at + chunkSize);
    await db.transaction((tx) => write(tx, chunk));
    await nextTurn();
  }
}

/** Runs `step` in short transactions, one after another, until it answers that it did nothing. */
export async function untilDone(db: Db, step: (tx: Db) => Promise<number>): Promise<void> {
  while ((await db.transaction(step)) > 0) await nextTurn();
}
