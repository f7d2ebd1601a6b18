import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '@helo/db/client';

/** How long one of the short transactions should hold the database, and the fewest rows it writes. */
const TARGET_MS = 40;
const MIN_ROWS = 10;

/**
 * Work too big for one transaction, done as many short ones: `write` runs on each chunk of `items`
 * in a transaction of its own, and the event loop turns between them. On embedded PGlite (one
 * connection, in this thread) a long transaction holds every other request's query until it ends;
 * short ones let the queries waiting for the connection run in between. A chunk is sized by time,
 * not rows (at most `maxRows`): halved when one took longer than ~40 ms, doubled when it took under
 * half that, so a busy machine gets small chunks and an idle PostgreSQL large ones. The caller makes
 * the whole all-or-nothing (the wallet import stages its chunks and publishes them in one last one).
 */
export async function inShortTransactions<T>(
  db: Db,
  items: readonly T[],
  maxRows: number,
  write: (tx: Db, chunk: readonly T[]) => Promise<void>,
): Promise<void> {
  const fewest = Math.min(MIN_ROWS, maxRows);
  let size = fewest;
  for (let at = 0; at < items.length; ) {
    const chunk = items.slice(at, at + size);
    let took = 0;
    await db.transaction(async (tx) => {
      // Timed from inside: the wait for the connection is other requests' time, not this chunk's.
      const started = performance.now();
      await write(tx, chunk);
      took = performance.now() - started;
    });
    at += chunk.length;
    if (took > TARGET_MS) size = Math.max(fewest, Math.floor(size / 2));
    else if (took < TARGET_MS / 2) size = Math.min(maxRows, size * 2);
    await nextTurn();
  }
}

/** Runs `step` in short transactions, one after another, until it answers that it did nothing. */
export async function untilDone(db: Db, step: (tx: Db) => Promise<number>): Promise<void> {
  while ((await db.transaction(step)) > 0) await nextTurn();
}
