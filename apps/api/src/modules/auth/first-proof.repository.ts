import type { Db } from '@helo/db/client';
import { loginChallenges, passkeys, recoveryCodes, users, userTotp, webauthnChallenges } from '@helo/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import { revokeUserSessions } from './auth.repository.ts';

/**
 * The first proof that the account's owner holds its mailbox (the verification link, or a reset
 * link of an account never verified). Until then anyone could have registered the address, so
 * whatever was set up before it may be someone else's: the account starts again from a clean state
 * of sign-in methods. Marks the address verified only if nothing did first (two links clicked at
 * once prove it once), and when it did: removes every passkey, two-factor secret, recovery code and
 * pending challenge, and revokes every session. Runs in the caller's transaction; true when this
 * was the first proof (the caller then forgets the user's sessions in its cache after commit).
 */
export async function proveEmail(tx: Db, userId: string, now: Date): Promise<boolean> {
  const proven = await tx
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  if (proven.length === 0) return false;
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  await revokeUserSessions(tx, userId, 'email_proven', now);
  return true;
}
