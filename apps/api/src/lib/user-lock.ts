import type { Db } from '@helo/db/client';
import { users } from '@helo/db/schema';
import { eq } from 'drizzle-orm';

/**
 * Locks the user's row until the transaction ends. A save that replaces one of the user's lists
 * takes it first, so two saves at once run one after the other instead of mixing their rows (or
 * colliding on a unique key) on PostgreSQL.
 */
export async function lockUser(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
