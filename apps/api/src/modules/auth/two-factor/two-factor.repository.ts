import type { Db } from '@helo/db/client';
import { loginChallenges, recoveryCodes, type UserTotpRow, userTotp } from '@helo/db/schema';
import { and, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';

// The authenticator secret and recovery codes of one user; every query is scoped to the user.

export async function findTotp(db: Db, userId: string): Promise<UserTotpRow | undefined> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row;
}

/**
 * Stores a pending secret, replacing an earlier pending one; false when two-factor sign-in is on
 * (the conditional upsert keeps a setup racing an enable from overwriting the secret in force).
 */
export async function savePendingTotp(db: Db, userId: string, secretEncrypted: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secretEncrypted, createdAt: now })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretEncrypted, createdAt: now, lastUsedStep: null },
      setWhere: isNull(userTotp.enabledAt),
    })
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/** Turns the pending secret on with the step of its first code; false when it is not pending any more. */
export async function enableTotp(
  db: Db,
  userId: string,
  secretEncrypted: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ enabledAt: now, lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), eq(userTotp.secretEncrypted, secretEncrypted), isNull(userTotp.enabledAt)))
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/**
 * Records an accepted code's step, only when it comes after the last one accepted: of two requests
 * with the same code, one wins and the other finds the step taken (a code works once).
 */
export async function useTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTotp.userId, userId),
        isNotNull(userTotp.enabledAt),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

export async function deleteTotp(db: Db, userId: string): Promise<void> {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Marks an unused code of this user used; false when there is none (wrong, used, or another user's). */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Whose login a challenge is (open or not): the per-account rate limit of the second step. */
export async function challengeOwner(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(eq(loginChallenges.tokenHash, tokenHash))
    .limit(1);
  return row?.userId;
}

/**
 * Uses the challenge, only while it is unused, unexpired and under its wrong-answer limit: false
 * when another request got there first or it died meanwhile, and the caller's transaction rolls back.
 */
export async function consumeOpenChallenge(db: Db, id: string, now: Date, maxFailures: number): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginChallenges.id, id),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.failedAttempts, maxFailures),
      ),
    )
    .returning({ id: loginChallenges.id });
  return rows.length === 1;
}
