import type { Db } from '@helo/db/client';
import { type ConnectRequestRow, connectRequests, users } from '@helo/db/schema';
import { eq } from 'drizzle-orm';

/** The form's answers as stored: no satisfaction level unless they work with a professional already. */
export interface ConnectAnswers {
  professionalsNeed: string[];
  hasWorkingProfessional: boolean;
  satisfactionLevel: string | null;
}

export async function findConnectRequest(db: Db, userId: string): Promise<ConnectRequestRow | undefined> {
  const [row] = await db.select().from(connectRequests).where(eq(connectRequests.userId, userId)).limit(1);
  return row;
}

/**
 * Creates the user's request; undefined when they already have one. The unique key on `user_id`
 * decides between two creates at once: the second waits for the first and then inserts nothing,
 * so the caller answers 409 instead of a unique-violation 500.
 */
export async function insertConnectRequest(
  tx: Db,
  userId: string,
  answers: ConnectAnswers,
  now: Date,
): Promise<ConnectRequestRow | undefined> {
  const [row] = await tx
    .insert(connectRequests)
    .values({ userId, ...answers, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: connectRequests.userId })
    .returning();
  return row;
}

/** Replaces the answers of the user's request; undefined when they have none. */
export async function updateConnectRequest(
  tx: Db,
  userId: string,
  answers: ConnectAnswers,
  now: Date,
): Promise<ConnectRequestRow | undefined> {
  const [row] = await tx
    .update(connectRequests)
    .set({ ...answers, updatedAt: now })
    .where(eq(connectRequests.userId, userId))
    .returning();
  return row;
}

/** Who asked: the support team answers them by email. */
export async function findRequester(
  db: Db,
  userId: string,
): Promise<{ email: string; firstName: string; lastName: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
