import type { Db } from '@helo/db/client';
import { authSessions, users } from '@helo/db/schema';
import { and, eq, isNull } from 'drizzle-orm';

/** The session's sudo-mode window and who owns it (the security mail's address). */
export async function findElevation(db: Db, sessionId: string, userId: string) {
  const [row] = await db
    .select({ elevatedUntil: authSessions.elevatedUntil, email: users.email, firstName: users.firstName })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .limit(1);
  return row;
}

/** Opens (or renews) the session's sudo-mode window; false when the session has ended meanwhile. */
export async function elevateSession(db: Db, sessionId: string, userId: string, until: Date): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ elevatedUntil: until, failedPasswordChecks: 0 })
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.length > 0;
}
