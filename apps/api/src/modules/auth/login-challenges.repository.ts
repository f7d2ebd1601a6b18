import type { Db } from '@helo/db/client';
import { type LoginChallengeRow, loginChallenges, passkeys, recoveryCodes, userTotp } from '@helo/db/schema';
import { and, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';

// The password step of a two-factor login, shared by the code (TOTP, recovery) and passkey second steps.

export async function insertLoginChallenge(
  db: Db,
  row: { userId: string; tokenHash: string; ip: string | null; userAgent: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(loginChallenges).values({
    userId: row.userId,
    tokenHash: row.tokenHash,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.now,
    expiresAt: row.expiresAt,
  });
}

/** The challenge behind a token, only while it can still be answered (unused, unexpired). */
export async function findOpenLoginChallenge(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<LoginChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(eq(loginChallenges.tokenHash, tokenHash), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, now)),
    )
    .limit(1);
  return row;
}

/** Counts a wrong answer; returns how many there were on this challenge. */
export async function recordFailedAttempt(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(loginChallenges)
    .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
    .where(eq(loginChallenges.id, id))
    .returning({ failedAttempts: loginChallenges.failedAttempts });
  return row?.failedAttempts ?? 0;
}

/** Marks the challenge used; false when another request used it first (exactly one login wins). */
export async function consumeLoginChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length === 1;
}

export async function setWebauthnChallenge(db: Db, id: string, challenge: string): Promise<void> {
  await db.update(loginChallenges).set({ webauthnChallenge: challenge }).where(eq(loginChallenges.id, id));
}

/** The sign-in security of an account: whether the second step is needed, and how it can be done. */
export async function securityState(
  db: Db,
  userId: string,
): Promise<{ twoFactorEnabled: boolean; twoFactorOnSince: Date | null; recoveryCodesLeft: number; passkeys: number }> {
  const [totp] = await db
    .select({ enabledAt: userTotp.enabledAt })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)))
    .limit(1);
  const [codes] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  const twoFactorEnabled = totp !== undefined;
  return {
    twoFactorEnabled,
    twoFactorOnSince: totp?.enabledAt ?? null,
    recoveryCodesLeft: twoFactorEnabled ? Number(codes?.n ?? 0) : 0,
    passkeys: Number(keys?.n ?? 0),
  };
}
