import type { Db } from '@helo/db/client';
import { users } from '@helo/db/schema';
import { eq } from 'drizzle-orm';

/**
 * Locks the user's row until the transaction ends. A save that replaces one of the user's lists
 * takes it first, so two saves at once run one after the other instead of mixing their rows (or
 * colliding on a unique key) on PostgreSQL.
 *
 * FOR NO KEY UPDATE, not FOR UPDATE: every insert of a row that references the user (an entry, a
 * notification) takes FOR KEY SHARE on the user's row for its foreign key, which FOR UPDATE blocks
 * and FOR NO KEY UPDATE does not. With FOR UPDATE, a write holding this lock that waits for a row
 * another write holds, while that write inserts a row referencing the user, is a deadlock (the
 * Money Nest's deposit against the fund's own deposit found it). Two lockUser callers still wait
 * for each other: FOR NO KEY UPDATE conflicts with itself.
 */
export async function lockUser(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
