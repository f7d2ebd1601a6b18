import { type credentialField, MAX_PASSKEYS, type Passkey } from '@helo/contract/passkeys';
import type { Db } from '@helo/db/client';
import type { LoginChallengeRow, PasskeyRow } from '@helo/db/schema';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/crypto.ts';
import { badRequest, HttpError, invalidField, notFound, unauthorized } from '../../lib/http-error.ts';
import { lockUser } from '../../lib/user-lock.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passkeyAddedMail, passkeyRemovedMail } from '../../mail/templates.ts';
import type { AuthService, ClientMeta, IssuedSession } from '../auth/index.ts';
import {
  challengeOwner,
  consumeOpenChallenge,
  findOpenLoginChallenge,
  findUserById,
  MAX_CHALLENGE_FAILURES,
  recordFailedAttempt,
  setWebauthnChallenge,
} from '../auth/index.ts';
import { accountNotifications, insertNotification } from '../notifications/index.ts';
import * as repo from './passkeys.repository.ts';
import type { RelyingParty } from './relying-party.ts';

type Credential = z.output<typeof credentialField>;

/** A WebAuthn challenge (registration or passkey sign-in) can be answered this long. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export const PASSKEY_NOT_REGISTERED =
  'That passkey is not registered with Helo. Sign in with your password, then add it in Profile Settings.';
const NOT_VERIFIED = 'That passkey could not be verified. Please try again, or sign in with your password.';
const SIGN_IN_EXPIRED = 'This passkey sign-in has expired. Please try again.';
// Worded as the code's second step words them (two-factor.service.ts): the login page shows either.
const LOGIN_AGAIN = 'This sign-in has expired or was already used. Please log in again.';
const NO_USER_VERIFICATION =
  'Your passkey did not confirm it is you (with a PIN, fingerprint or face). Please try again, or sign in with your password.';

// What a browser may report; anything else a client sends is not stored.
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/**
 * The library's defaults, named: left to it, it asks Node whether ML-DSA is supported, which prints
 * an experimental-feature warning, and what is accepted would change with the Node version.
 */
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** What generateRegistrationOptions issues: base64url of 32 random bytes. */
const CHALLENGE = /^[A-Za-z0-9_-]{1,128}$/;

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  backed_up: row.backedUp,
});

const descriptor = (row: PasskeyRow) => ({ id: row.credentialId, transports: row.transports });

const storedCredential = (row: PasskeyRow) => ({
  id: row.credentialId,
  publicKey: isoBase64URL.toBuffer(row.publicKey),
  counter: row.counter,
  transports: row.transports,
});

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

const tooMany = () => {
  const message = `You can have at most ${MAX_PASSKEYS} passkeys. Remove one before adding another.`;
  return new HttpError(409, message);
};

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): registering them for the signed-in user,
 * signing in with one alone (a discoverable credential), and answering the second step of a
 * two-factor login with one. Every answer the WebAuthn library refuses is a 400 or 401, never a 500.
 */
export class PasskeysService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #mailer: Mailer;
  readonly #auth: AuthService;
  readonly #rp: RelyingParty;
  readonly #supportEmail: string;

  constructor(db: Db, clock: Clock, mailer: Mailer, auth: AuthService, rp: RelyingParty, supportEmail: string) {
    this.#db = db;
    this.#clock = clock;
    this.#mailer = mailer;
    this.#auth = auth;
    this.#rp = rp;
    this.#supportEmail = supportEmail;
  }

  async list(userId: string): Promise<Passkey[]> {
    return (await repo.listPasskeys(this.#db, userId)).map(toPasskey);
  }

  async registrationOptions(userId: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const user = await findUserById(this.#db, userId);
    if (!user) throw unauthorized();
    const existing = await repo.listPasskeys(this.#db, userId);
    if (existing.length >= MAX_PASSKEYS) throw tooMany();
    const options = await generateRegistrationOptions({
      rpName: this.#rp.name,
      rpID: this.#rp.id,
      // The user handle a discoverable sign-in hands back: the account's id, nothing personal.
      userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(user.id)),
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
      attestationType: 'none',
      excludeCredentials: existing.map(descriptor),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    const now = this.#clock.now();
    await repo.insertChallenge(this.#db, {
      userId,
      purpose: 'register',
      challenge: options.challenge,
      now,
      expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
    });
    return options;
  }

  async register(userId: string, name: string, credential: Credential): Promise<Passkey> {
    const now = this.#clock.now();
    const user = await findUserById(this.#db, userId);
    if (!user) throw unauthorized();
    const mail = passkeyAddedMail(user.email, user.firstName, name, this.#supportEmail);
    let outcome: { passkey: PasskeyRow } | { problem: HttpError };
    try {
      outcome = await this.#db.transaction(async (tx) => {
        await lockUser(tx, userId);
        let challengeOpen = false;
        let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
        try {
          verified = await verifyRegistrationResponse({
            response: credential as unknown as RegistrationResponseJSON,
            // Any open challenge of this user (two tabs may each have asked for one), taken so it
            // cannot be answered twice; a wrong answer uses it up as well.
            expectedChallenge: async (challenge) => {
              // Only what we could have issued reaches SQL: a NUL in it would abort the transaction.
              if (!CHALLENGE.test(challenge)) return false;
              challengeOpen = await repo.takeRegisterChallenge(tx, userId, challenge, now);
              return challengeOpen;
            },
            expectedOrigin: this.#rp.origin,
            expectedRPID: this.#rp.id,
            // A security key without a PIN still makes a good second factor.
            requireUserVerification: false,
            supportedAlgorithmIDs: ALGORITHMS,
          });
        } catch {
          verified = { verified: false };
        }
        if (!verified.verified) {
          const message = challengeOpen
            ? 'The passkey could not be verified. Please try again.'
            : 'This passkey request has expired or was already used. Please try again.';
          return { problem: invalidField('credential', message, { summary: message }) };
        }
        const info = verified.registrationInfo;
        if (await repo.findByCredentialId(tx, info.credential.id)) {
          const message = 'This passkey is already registered.';
          return { problem: invalidField('credential', message, { status: 409, summary: message }) };
        }
        if ((await repo.countPasskeys(tx, userId)) >= MAX_PASSKEYS) return { problem: tooMany() };
        const passkey = await repo.insertPasskey(tx, {
          userId,
          credentialId: info.credential.id,
          publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
          counter: info.credential.counter,
          transports: (info.credential.transports ?? []).filter((t) => TRANSPORTS.has(t)),
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          name,
          now,
        });
        await insertNotification(tx, userId, accountNotifications.passkeyAdded(name), now);
        await this.#mailer.queue(tx, mail);
        return { passkey };
      });
    } catch (err) {
      // Another account registered the same credential in the same instant.
      if (isUniqueViolation(err)) {
        const message = 'This passkey is already registered.';
        throw invalidField('credential', message, { status: 409, summary: message });
      }
      throw err;
    }
    if ('problem' in outcome) throw outcome.problem;
    this.#mailer.afterCommit([mail]);
    return toPasskey(outcome.passkey);
  }

  async remove(userId: string, id: string): Promise<void> {
    const passkeyId = /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
    const notYours = notFound('Passkey not found');
    if (!Number.isSafeInteger(passkeyId) || passkeyId > 2_147_483_647) throw notYours;
    const user = await findUserById(this.#db, userId);
    if (!user) throw unauthorized();
    const now = this.#clock.now();
    const mail = await this.#db.transaction(async (tx) => {
      const removed = await repo.deletePasskey(tx, userId, passkeyId);
      if (!removed) return undefined;
      const m = passkeyRemovedMail(user.email, user.firstName, removed.name, this.#supportEmail);
      await insertNotification(tx, userId, accountNotifications.passkeyRemoved(removed.name), now);
      await this.#mailer.queue(tx, m);
      return m;
    });
    if (!mail) throw notYours;
    this.#mailer.afterCommit([mail]);
  }

  /** A challenge for any passkey of this site; the answer tells whose it is. */
  async signInOptions(): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
    const options = await generateAuthenticationOptions({ rpID: this.#rp.id, userVerification: 'preferred' });
    const now = this.#clock.now();
    const challengeId = await repo.insertChallenge(this.#db, {
      userId: null,
      purpose: 'sign_in',
      challenge: options.challenge,
      now,
      expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
    });
    return { challengeId, options };
  }

  /**
   * Signs in with a passkey alone. The challenge is taken (deleted) in the same transaction that
   * starts the session, and stays taken when the answer is wrong: each challenge gets one answer.
   */
  async signIn(challengeId: string, credential: Credential, meta: ClientMeta): Promise<IssuedSession> {
    const now = this.#clock.now();
    if (!isUuid(challengeId)) throw unauthorized(SIGN_IN_EXPIRED);
    const outcome = await this.#db.transaction(async (tx) => {
      const challenge = await repo.takeSignInChallenge(tx, challengeId, now);
      if (!challenge) return { problem: unauthorized(SIGN_IN_EXPIRED) };
      const passkey = await repo.findByCredentialId(tx, credential.id);
      if (!passkey) return { problem: unauthorized(PASSKEY_NOT_REGISTERED) };
      const userHandle = (credential.response as { userHandle?: unknown }).userHandle;
      // The authenticator's own record of whose passkey it is must agree with ours.
      if (typeof userHandle === 'string' && userHandle && userHandle !== isoBase64URL.fromUTF8String(passkey.userId)) {
        return { problem: unauthorized(PASSKEY_NOT_REGISTERED) };
      }
      const result = await this.#verifyAssertion(credential, challenge, passkey, false);
      if (!result) return { problem: unauthorized(NOT_VERIFIED) };
      // The passkey is the only factor here: it must have checked the person too, not only the device.
      if (!result.userVerified) return { problem: unauthorized(NO_USER_VERIFICATION) };
      await repo.markUsed(tx, passkey.userId, passkey.id, { ...result, now });
      return { session: await this.#auth.startSession(tx, passkey.userId, meta, now) };
    });
    if ('problem' in outcome) throw outcome.problem;
    return outcome.session;
  }

  /** The second step of a two-factor login with a passkey: a challenge for this user's passkeys. */
  async secondFactorOptions(loginChallenge: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const row = await this.#openLoginChallenge(loginChallenge);
    const keys = await repo.listPasskeys(this.#db, row.userId);
    if (keys.length === 0) {
      throw badRequest('This account has no passkey. Enter the code from your authenticator app.');
    }
    const options = await generateAuthenticationOptions({
      rpID: this.#rp.id,
      allowCredentials: keys.map(descriptor),
      userVerification: 'preferred',
    });
    await setWebauthnChallenge(this.#db, row.id, options.challenge);
    return options;
  }

  async secondFactor(loginChallenge: string, credential: Credential, meta: ClientMeta): Promise<IssuedSession> {
    const row = await this.#openLoginChallenge(loginChallenge);
    const expected = row.webauthnChallenge;
    if (!expected) throw badRequest('Ask for the passkey step first, then answer it.');
    const passkey = await repo.findByCredentialId(this.#db, credential.id);
    // Only the user's own passkeys answer: another account's passkey is no second factor of this one.
    const mine = passkey?.userId === row.userId ? passkey : undefined;
    // The password already proved who it is; the passkey proves the device, with or without a PIN.
    const result = mine ? await this.#verifyAssertion(credential, expected, mine, false) : undefined;
    const now = this.#clock.now();
    if (!mine || !result) {
      const failures = await recordFailedAttempt(this.#db, row.id);
      if (failures >= MAX_CHALLENGE_FAILURES) {
        throw unauthorized('Too many wrong answers. Please log in again.');
      }
      // As a wrong code (two-factor.service.ts): a 400 on the answer while the challenge lives on.
      const message = mine ? NOT_VERIFIED : 'That passkey is not registered with this account.';
      throw invalidField('credential', message, { summary: message });
    }
    const session = await this.#db.transaction(async (tx) => {
      // Exactly one second step wins a challenge: a code and a passkey sent at once cannot both sign in.
      if (!(await consumeOpenChallenge(tx, row.id, now, MAX_CHALLENGE_FAILURES))) return undefined;
      await repo.markUsed(tx, mine.userId, mine.id, { ...result, now });
      return this.#auth.startSession(tx, mine.userId, meta, now);
    });
    if (!session) throw unauthorized(LOGIN_AGAIN);
    return session;
  }

  /** Sudo mode with a passkey: a challenge only this user's passkeys can answer. */
  async reauthOptions(
    userId: string,
  ): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
    const keys = await repo.listPasskeys(this.#db, userId);
    if (keys.length === 0) throw badRequest('This account has no passkey. Enter your password instead.');
    const options = await generateAuthenticationOptions({
      rpID: this.#rp.id,
      allowCredentials: keys.map(descriptor),
      userVerification: 'preferred',
    });
    const now = this.#clock.now();
    const challengeId = await repo.insertChallenge(this.#db, {
      userId,
      purpose: 'reauthenticate',
      challenge: options.challenge,
      now,
      expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
    });
    return { challengeId, options };
  }

  /**
   * Checks a passkey's answer to `reauthOptions`. The challenge is taken (deleted) first, so it gets
   * one answer whatever that answer is; only the user's own passkeys count.
   */
  async confirmReauth(userId: string, challengeId: string, credential: Credential): Promise<void> {
    const now = this.#clock.now();
    const expected = isUuid(challengeId)
      ? await repo.takeReauthChallenge(this.#db, challengeId, userId, now)
      : undefined;
    const expired = 'This passkey request has expired or was already used. Please try again.';
    if (!expected) throw invalidField('passkey.challenge_id', expired, { summary: expired });
    const passkey = await repo.findByCredentialId(this.#db, credential.id);
    const mine = passkey?.userId === userId ? passkey : undefined;
    const result = mine ? await this.#verifyAssertion(credential, expected, mine, false) : undefined;
    if (!mine || !result) {
      const message = mine ? NOT_VERIFIED : 'That passkey is not registered with this account.';
      throw invalidField('passkey.credential', message, { summary: message });
    }
    await repo.markUsed(this.#db, userId, mine.id, { ...result, now });
  }

  /** Whose login a challenge is (rate limits count per account, whatever the challenge). */
  async challengeOwner(token: string): Promise<string | undefined> {
    return challengeOwner(this.#db, hashToken(token));
  }

  async #openLoginChallenge(token: string): Promise<LoginChallengeRow> {
    const row = await findOpenLoginChallenge(this.#db, hashToken(token), this.#clock.now());
    if (!row || row.failedAttempts >= MAX_CHALLENGE_FAILURES) throw unauthorized(LOGIN_AGAIN);
    return row;
  }

  /** The assertion checked against the stored key; undefined for any answer the library refuses. */
  async #verifyAssertion(
    credential: Credential,
    expectedChallenge: string,
    passkey: PasskeyRow,
    requireUserVerification: boolean,
  ): Promise<{ counter: number; backedUp: boolean; userVerified: boolean } | undefined> {
    try {
      const { verified, authenticationInfo: info } = await verifyAuthenticationResponse({
        response: credential as unknown as AuthenticationResponseJSON,
        expectedChallenge,
        expectedOrigin: this.#rp.origin,
        expectedRPID: this.#rp.id,
        credential: storedCredential(passkey),
        requireUserVerification,
      });
      if (!verified) return undefined;
      return { counter: info.newCounter, backedUp: info.credentialBackedUp, userVerified: info.userVerified };
    } catch {
      return undefined;
    }
  }
}
