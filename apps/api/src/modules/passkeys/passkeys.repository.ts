import type { Db } from '@helo/db/client';
import { type PasskeyRow, passkeys, webauthnChallenges } from '@helo/db/schema';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return Number(row?.n ?? 0);
}

/** Any user's passkey by its credential id: a discoverable sign-in learns the user from it. */
export async function findByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

export async function insertPasskey(
  db: Db,
  row: {
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    deviceType: string;
    backedUp: boolean;
    name: string;
    now: Date;
  },
): Promise<PasskeyRow> {
  const [inserted] = await db
    .insert(passkeys)
    .values({
      userId: row.userId,
      credentialId: row.credentialId,
      publicKey: row.publicKey,
      counter: row.counter,
      transports: row.transports,
      deviceType: row.deviceType,
      backedUp: row.backedUp,
      name: row.name,
      createdAt: row.now,
    })
    .returning();
  if (!inserted) throw new Error('passkey insert returned no row');
  return inserted;
}

/**
 * Records a successful use: the authenticator's new counter and whether it is backed up now. The
 * counter never goes down here: of two sign-ins checked at once, the lower one may commit last.
 */
export async function markUsed(
  db: Db,
  userId: string,
  id: number,
  use: { counter: number; backedUp: boolean; now: Date },
): Promise<void> {
  await db
    .update(passkeys)
    .set({ counter: sql`greatest(${passkeys.counter}, ${use.counter})`, backedUp: use.backedUp, lastUsedAt: use.now })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
}

export async function deletePasskey(db: Db, userId: string, id: number): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function insertChallenge(
  db: Db,
  row: {
    userId: string | null;
    purpose: 'register' | 'sign_in' | 'reauthenticate';
    challenge: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const [inserted] = await db
    .insert(webauthnChallenges)
    .values({
      userId: row.userId,
      purpose: row.purpose,
      challenge: row.challenge,
      createdAt: row.now,
      expiresAt: row.expiresAt,
    })
    .returning({ id: webauthnChallenges.id });
  if (!inserted) throw new Error('challenge insert returned no row');
  return inserted.id;
}

/**
 * Takes (deletes) the user's open registration challenge with this value; false when there is none
 * (never issued, expired, or already answered). Deleting is what makes it single use: of two
 * requests answering it at once, only one gets the row back.
 */
export async function takeRegisterChallenge(db: Db, userId: string, challenge: string, now: Date): Promise<boolean> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.userId, userId),
        eq(webauthnChallenges.purpose, 'register'),
        eq(webauthnChallenges.challenge, challenge),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return rows.length > 0;
}

/** Takes (deletes) an open sign-in challenge by its id; its value, or undefined when it is not open. */
export async function takeSignInChallenge(db: Db, id: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, 'sign_in'),
        isNull(webauthnChallenges.userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge;
}

/** Takes (deletes) the user's open sudo-mode challenge by id; its text, or undefined when none is open. */
export async function takeReauthChallenge(db: Db, id: string, userId: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, 'reauthenticate'),
        eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge;
}
