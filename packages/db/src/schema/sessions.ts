import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One row per sign-in: the refresh-token family. Revoking it signs out every token that descends
 * from that login, which is what reuse detection, logout and password changes need.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    // Wrong current passwords given on change-password with this session; too many revoke it.
    failedPasswordChecks: integer('failed_password_checks').notNull().default(0),
    // Refresh tokens and access tokens of a lower generation no longer work: sign out other devices
    // and a password change raise it to the caller's, so only the caller's own token goes on.
    minGeneration: integer('min_generation').notNull().default(0),
    // Sudo mode: until then this session may make sensitive changes (POST /v1/auth/reauthenticate).
    elevatedUntil: timestamp('elevated_until', { withTimezone: true }),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    // The housekeeping job deletes sessions that ended (expired or revoked) long ago.
    index('auth_sessions_expires_idx').on(t.expiresAt),
    index('auth_sessions_revoked_idx').on(t.revokedAt),
  ],
);

/** Every refresh token ever issued, kept only as a SHA-256 hash. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Set when the token is exchanged; a second use after the grace period means it was stolen.
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    // The token this one was exchanged for. A token has at most one child (a replay inside the grace
    // period gets that same child again); `superseded_at` marks the second children older releases made.
    parentId: uuid('parent_id'),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    // Its place in the session's one chain: 0 for the sign-in's token, its parent's + 1 after.
    generation: integer('generation').notNull().default(0),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
    index('refresh_tokens_parent_idx').on(t.parentId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export type AuthSessionRow = typeof authSessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
