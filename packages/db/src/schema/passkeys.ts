import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A WebAuthn credential of the user: a way to sign in, and a second factor. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // base64url, as WebAuthn names it; unique across users (an authenticator makes a new one per site account).
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    // The authenticator's signature counter: one that goes backwards hints at a cloned key.
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge waiting for its answer: registering a passkey (user known) or signing in
 * with one (user unknown until the answer names its credential). Single use, short-lived.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // reauthenticate: sudo mode's passkey proof of a signed-in user (user known).
    purpose: text('purpose', { enum: ['register', 'sign_in', 'reauthenticate'] }).notNull(),
    challenge: text('challenge').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

export type PasskeyRow = typeof passkeys.$inferSelect;
export type WebauthnChallengeRow = typeof webauthnChallenges.$inferSelect;
