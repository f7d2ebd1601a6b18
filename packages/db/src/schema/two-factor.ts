import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The user's authenticator-app secret. It is written at setup and only in force once a first code
 * confirmed it (`enabled_at`); it is kept encrypted (AES-256-GCM under the server's master key), so
 * a copy of the database alone cannot mint codes.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  // The 30-second step of the last code accepted: a code of that step or an earlier one is refused,
  // so an intercepted code cannot be replayed within its window.
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** Single-use recovery codes, kept only as hashes; a new set replaces the old one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId), uniqueIndex('recovery_codes_hash_key').on(t.codeHash)],
);

/**
 * The password step of a login that still needs its second factor: a short-lived, single-use token
 * (stored as a hash) that names the user, counts wrong codes, and holds the WebAuthn challenge
 * when the second factor is a passkey.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    webauthnChallenge: text('webauthn_challenge'),
  },
  (t) => [
    uniqueIndex('login_challenges_hash_key').on(t.tokenHash),
    index('login_challenges_user_idx').on(t.userId),
    index('login_challenges_expires_idx').on(t.expiresAt),
  ],
);

export type UserTotpRow = typeof userTotp.$inferSelect;
export type RecoveryCodeRow = typeof recoveryCodes.$inferSelect;
export type LoginChallengeRow = typeof loginChallenges.$inferSelect;
