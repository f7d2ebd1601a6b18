import type { Db } from '@helo/db/client';
import { authSessions, oneTimeTokens, refreshTokens, type UserRow, users } from '@helo/db/schema';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../lib/prepared.ts';

// Every function takes the database or a transaction (a transaction is a Db too).

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(
  db: Db,
  user: { email: string; firstName: string; lastName: string; passwordHash: string; now: Date },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      passwordHash: user.passwordHash,
      passwordChangedAt: user.now,
      createdAt: user.now,
      updatedAt: user.now,
    })
    .returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<
    Pick<UserRow, 'firstName' | 'lastName' | 'passwordHash' | 'passwordChangedAt' | 'emailVerifiedAt'>
  > & {
    updatedAt: Date;
  },
): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  if (!row) throw new Error('user vanished during update');
  return row;
}

const sessionState = preparedPerDb((db) =>
  db
    .select({
      expiresAt: authSessions.expiresAt,
      revokedAt: authSessions.revokedAt,
      minGeneration: authSessions.minGeneration,
    })
    .from(authSessions)
    .where(and(eq(authSessions.id, sql.placeholder('sessionId')), eq(authSessions.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('helo_session_state'),
);

/** The session, if it still works: what an authenticated request checks (the cache aside). */
export async function findActiveSession(db: Db, sessionId: string, userId: string, now: Date) {
  const [row] = await sessionState(db).execute({ sessionId, userId });
  if (!row || row.revokedAt || row.expiresAt <= now) return undefined;
  return { expiresAt: row.expiresAt, minGeneration: row.minGeneration };
}

export async function insertSession(
  db: Db,
  s: { userId: string; userAgent: string | null; ip: string | null; now: Date; expiresAt: Date },
) {
  const [row] = await db
    .insert(authSessions)
    .values({
      userId: s.userId,
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.now,
      lastUsedAt: s.now,
      expiresAt: s.expiresAt,
    })
    .returning();
  if (!row) throw new Error('insert into auth_sessions returned no row');
  return row;
}

export async function touchSession(db: Db, sessionId: string, now: Date) {
  await db.update(authSessions).set({ lastUsedAt: now }).where(eq(authSessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string, reason: string, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Counts one more wrong current password given with this session; returns the new count. */
export async function recordFailedPasswordCheck(db: Db, sessionId: string): Promise<number> {
  const [row] = await db
    .update(authSessions)
    .set({ failedPasswordChecks: sql`${authSessions.failedPasswordChecks} + 1` })
    .where(eq(authSessions.id, sessionId))
    .returning({ count: authSessions.failedPasswordChecks });
  return row?.count ?? 0;
}

/** The right password was given: the wrong ones before it no longer count against the session. */
export async function clearFailedPasswordChecks(db: Db, sessionId: string): Promise<void> {
  await db.update(authSessions).set({ failedPasswordChecks: 0 }).where(eq(authSessions.id, sessionId));
}

/** Revokes every session of the user, or every one but `keepSessionId`; returns how many. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: string,
  now: Date,
  keepSessionId?: string,
): Promise<number> {
  const conditions = [eq(authSessions.userId, userId), isNull(authSessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(authSessions.id, keepSessionId));
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: authSessions.id });
  return rows.length;
}

/** The user's sessions that still work, most recently used first. */
export function listActiveSessions(db: Db, userId: string, now: Date) {
  return db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)))
    .orderBy(desc(authSessions.lastUsedAt));
}

export async function insertRefreshToken(
  db: Db,
  t: {
    sessionId: string;
    userId: string;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
    parentId?: string;
    generation: number;
  },
) {
  await db.insert(refreshTokens).values({
    generation: t.generation,
    sessionId: t.sessionId,
    userId: t.userId,
    tokenHash: t.tokenHash,
    createdAt: t.now,
    expiresAt: t.expiresAt,
    parentId: t.parentId ?? null,
  });
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: authSessions })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Marks the token rotated only if nobody else did first; false means a concurrent request (or a
 * thief) already exchanged it.
 */
export async function markRotated(db: Db, tokenId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.supersededAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/** The token `parentId` was exchanged for (there is at most one). */
export async function findChildToken(db: Db, parentId: string) {
  const [row] = await db
    .select({ tokenHash: refreshTokens.tokenHash, generation: refreshTokens.generation })
    .from(refreshTokens)
    .where(eq(refreshTokens.parentId, parentId))
    .limit(1);
  return row;
}

/**
 * Raises the session's generation floor: every refresh and access token of an older link of its
 * chain stops working, the caller's own (of `generation`) goes on. Never lowers it.
 */
export async function raiseMinGeneration(db: Db, sessionId: string, generation: number): Promise<void> {
  await db
    .update(authSessions)
    .set({ minGeneration: sql`greatest(${authSessions.minGeneration}, ${generation})` })
    .where(eq(authSessions.id, sessionId));
}

export async function refreshTokenState(db: Db, tokenId: string) {
  const [row] = await db
    .select({ rotatedAt: refreshTokens.rotatedAt, supersededAt: refreshTokens.supersededAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, tokenId));
  return row;
}

export type OneTimePurpose = 'verify_email' | 'reset_password';

export async function insertOneTimeToken(
  db: Db,
  t: { userId: string; purpose: OneTimePurpose; tokenHash: string; now: Date; expiresAt: Date },
) {
  await db.insert(oneTimeTokens).values({
    userId: t.userId,
    purpose: t.purpose,
    tokenHash: t.tokenHash,
    createdAt: t.now,
    expiresAt: t.expiresAt,
  });
}

export async function findOneTimeToken(db: Db, purpose: OneTimePurpose, tokenHash: string) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Uses up one token, atomically: false when it was already used (two clicks racing). */
export async function consumeOneTimeToken(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

/** Ends every still-open token of that purpose (a newer link replaces the older ones). */
export async function expireOpenTokens(db: Db, userId: string, purpose: OneTimePurpose, now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}
