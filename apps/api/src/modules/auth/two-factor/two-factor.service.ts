import type { twoFactorSetup } from '@helo/contract/two-factor';
import type { Db } from '@helo/db/client';
import type { UserRow, UserTotpRow } from '@helo/db/schema';
import type { z } from 'zod';
import type { AppConfig } from '../../../config.ts';
import type { Clock } from '../../../lib/clock.ts';
import { hashToken } from '../../../lib/crypto.ts';
import { conflict, invalidField, unauthorized } from '../../../lib/http-error.ts';
import { verifyPassword } from '../../../lib/password.ts';
import { openText, SecretBoxError, sealText } from '../../../lib/secret-box.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { codesLeft, type MailMessage, recoveryCodeUsedMail, twoFactorChangedMail } from '../../../mail/templates.ts';
import { accountNotifications, insertNotification } from '../../notifications/index.ts';
import { findUserById } from '../auth.repository.ts';
import type { AuthService, ClientMeta, IssuedSession } from '../auth.service.ts';
import * as challenges from '../login-challenges.repository.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import { looksLikeTotp, matchTotp, newTotpSecret, otpauthUrl } from './totp.ts';
import * as repo from './two-factor.repository.ts';

type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** Wrong answers one login challenge takes; the last one ends it (the user starts over with the password). */
export const MAX_CHALLENGE_FAILURES = 5;

// The server lost the key that sealed the authenticator's secret (a data directory restored without
// its secrets.json, a changed ENCRYPTION_KEY): the app's codes cannot be checked, recovery codes
// (kept as hashes, not sealed) still can. The user is told what works instead of getting a 500.
const SECRET_UNREADABLE =
  'Codes from your authenticator app cannot be checked right now. Use one of your recovery codes, or contact support.';
const WRONG_CODE = 'That code is not right. Enter the current code from your authenticator app, or a recovery code.';
const WRONG_APP_CODE = 'That code is not right. Enter the current code from your authenticator app.';
const LOGIN_AGAIN = 'This sign-in has expired or was already used. Please log in again.';
const TOO_MANY = 'Too many wrong codes. Please log in again.';
const ALREADY_ON = 'Two-factor sign-in is already on. Turn it off first to set up another authenticator.';
const NOT_ON = 'Two-factor sign-in is not on for this account.';

const wrongCode = (message = WRONG_CODE) => invalidField('code', message, { summary: message });
// The secret is sealed for its owner: a ciphertext copied to another user's row does not open.
const sealContext = (userId: string) => `totp:${userId}`;

/**
 * Two-factor sign-in with an authenticator app (RFC 6238) and recovery codes: setup, enable,
 * regenerate, disable, the login's second step, and `confirmCode` for other features that ask a
 * signed-in user for a code before something drastic (deleting the account).
 */
export class TwoFactorService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #mailer: Mailer;
  readonly #config: AppConfig;
  readonly #auth: AuthService;

  constructor(db: Db, clock: Clock, mailer: Mailer, config: AppConfig, auth: AuthService) {
    this.#db = db;
    this.#clock = clock;
    this.#mailer = mailer;
    this.#config = config;
    this.#auth = auth;
  }

  async isEnabled(userId: string): Promise<boolean> {
    const row = await repo.findTotp(this.#db, userId);
    return row?.enabledAt != null;
  }

  /**
   * Checks a code of a signed-in user: a current TOTP code (once: replays are refused) or an unused
   * recovery code (used up by this). Throws a 400 naming `code` when it is wrong, or when
   * two-factor sign-in is off (callers ask `isEnabled` first).
   */
  async confirmCode(userId: string, code: string): Promise<void> {
    const { user, secret } = await this.#enabled(userId, () => invalidField('code', NOT_ON, { summary: NOT_ON }));
    const now = this.#clock.now();
    const mails: MailMessage[] = [];
    const used = await this.#db.transaction(async (tx) => {
      const kind = await this.#useCode(tx, userId, secret, code, now);
      if (kind === 'recovery') mails.push(await this.#recoveryCodeUsed(tx, user, now));
      return kind;
    });
    if (!used) throw wrongCode();
    this.#mailer.afterCommit(mails);
  }

  /** A new pending secret (replacing an earlier pending one), in force only once `enable` saw a code of it. */
  async setup(userId: string): Promise<TwoFactorSetup> {
    const user = await this.#user(userId);
    const existing = await repo.findTotp(this.#db, userId);
    if (existing?.enabledAt) throw conflict(ALREADY_ON);
    const secret = newTotpSecret();
    const sealed = sealText(this.#config.encryptionKey, secret, sealContext(userId));
    if (!(await repo.savePendingTotp(this.#db, userId, sealed, this.#clock.now()))) throw conflict(ALREADY_ON);
    return { secret, otpauth_url: otpauthUrl(secret, user.email) };
  }

  /** Turns two-factor sign-in on with a first code of the pending secret; returns the recovery codes, shown once. */
  async enable(userId: string, code: string): Promise<string[]> {
    const user = await this.#user(userId);
    const row = await repo.findTotp(this.#db, userId);
    if (row?.enabledAt) throw conflict(ALREADY_ON);
    if (!row) throw conflict('Start the setup first: there is no authenticator waiting to be confirmed.');
    const now = this.#clock.now();
    const pending = this.#tryOpen(row);
    if (pending === null) throw conflict('The setup can no longer be read by this server. Start it again.');
    const step = matchTotp(pending, code, now);
    if (step === null) throw wrongCode(WRONG_APP_CODE);
    const { codes, hashes } = newRecoveryCodes();
    const mail = twoFactorChangedMail(user.email, user.firstName, true, this.#config.supportEmail);
    await this.#db.transaction(async (tx) => {
      // Only the secret the code proved: a setup that replaced it meanwhile makes this a conflict.
      if (!(await repo.enableTotp(tx, userId, row.secretEncrypted, step, now))) {
        throw conflict('The setup changed meanwhile. Start it again.');
      }
      await repo.replaceRecoveryCodes(tx, userId, hashes, now);
      await insertNotification(tx, userId, accountNotifications.twoFactorEnabled(), now);
      await this.#mailer.queue(tx, mail);
    });
    this.#mailer.afterCommit([mail]);
    return codes;
  }

  /** A new set of recovery codes for a current app code; the old ones stop working. */
  async regenerateRecoveryCodes(userId: string, code: string): Promise<string[]> {
    const { secret } = await this.#enabled(userId, () => conflict(NOT_ON));
    if (secret === null)
      throw wrongCode(
        `${SECRET_UNREADABLE.split('.')[0]}. Turn two-factor sign-in off with a recovery code, then on again.`,
      );
    const now = this.#clock.now();
    const step = matchTotp(secret, code, now);
    if (step === null) throw wrongCode(WRONG_APP_CODE);
    const { codes, hashes } = newRecoveryCodes();
    const fresh = await this.#db.transaction(async (tx) => {
      if (!(await repo.useTotpStep(tx, userId, step))) return false;
      await repo.replaceRecoveryCodes(tx, userId, hashes, now);
      return true;
    });
    if (!fresh) throw wrongCode(WRONG_APP_CODE);
    return codes;
  }

  /** Turns two-factor sign-in off: the password and a code, so a stolen session alone cannot. */
  async disable(userId: string, password: string, code: string): Promise<void> {
    const { user, secret } = await this.#enabled(userId, () => conflict(NOT_ON));
    if (!(await verifyPassword(user.passwordHash, password))) {
      const wrong = 'Your password is incorrect';
      throw invalidField('password', wrong, { summary: wrong });
    }
    const now = this.#clock.now();
    const mail = twoFactorChangedMail(user.email, user.firstName, false, this.#config.supportEmail);
    const done = await this.#db.transaction(async (tx) => {
      if (!(await this.#useCode(tx, userId, secret, code, now))) return false;
      await repo.deleteTotp(tx, userId);
      await repo.deleteRecoveryCodes(tx, userId);
      await insertNotification(tx, userId, accountNotifications.twoFactorDisabled(), now);
      await this.#mailer.queue(tx, mail);
      return true;
    });
    if (!done) throw wrongCode();
    this.#mailer.afterCommit([mail]);
  }

  /** Whose login a challenge belongs to, for the per-account rate limit (any state, or undefined). */
  challengeOwner(challenge: string): Promise<string | undefined> {
    return repo.challengeOwner(this.#db, hashToken(challenge));
  }

  /**
   * The login's second step: a code for the challenge the password step answered. The code and the
   * challenge are used up in the transaction that starts the session, so exactly one request wins.
   */
  async completeLogin(challenge: string, code: string, meta: ClientMeta): Promise<IssuedSession> {
    const now = this.#clock.now();
    const open = await challenges.findOpenLoginChallenge(this.#db, hashToken(challenge), now);
    if (!open || open.failedAttempts >= MAX_CHALLENGE_FAILURES) throw unauthorized(LOGIN_AGAIN);
    // Turned off since the password step: the challenge asks for something that no longer exists.
    const { user, secret } = await this.#enabled(open.userId, () => unauthorized(LOGIN_AGAIN));
    const mails: MailMessage[] = [];
    const session = await this.#db.transaction(async (tx) => {
      const kind = await this.#useCode(tx, user.id, secret, code, now);
      if (!kind) return null;
      if (!(await repo.consumeOpenChallenge(tx, open.id, now, MAX_CHALLENGE_FAILURES))) {
        throw unauthorized(LOGIN_AGAIN);
      }
      if (kind === 'recovery') mails.push(await this.#recoveryCodeUsed(tx, user, now));
      return this.#auth.startSession(tx, user.id, meta, now);
    });
    if (!session) {
      const failures = await challenges.recordFailedAttempt(this.#db, open.id);
      if (failures >= MAX_CHALLENGE_FAILURES) throw unauthorized(TOO_MANY);
      throw wrongCode();
    }
    this.#mailer.afterCommit(mails);
    return session;
  }

  /** Uses a TOTP code (its step, once) or a recovery code; null when it is neither. */
  async #useCode(
    tx: Db,
    userId: string,
    secret: string | null,
    code: string,
    now: Date,
  ): Promise<'totp' | 'recovery' | null> {
    if (looksLikeTotp(code)) {
      if (secret === null) throw invalidField('code', SECRET_UNREADABLE, { summary: SECRET_UNREADABLE });
      const step = matchTotp(secret, code, now);
      return step !== null && (await repo.useTotpStep(tx, userId, step)) ? 'totp' : null;
    }
    const hash = recoveryCodeHash(code);
    return hash !== null && (await repo.useRecoveryCode(tx, userId, hash, now)) ? 'recovery' : null;
  }

  async #recoveryCodeUsed(tx: Db, user: UserRow, now: Date): Promise<MailMessage> {
    const left = await repo.countRecoveryCodesLeft(tx, user.id);
    await insertNotification(tx, user.id, accountNotifications.recoveryCodeUsed(codesLeft(left)), now);
    const mail = recoveryCodeUsedMail(user.email, user.firstName, left, this.#config.supportEmail);
    await this.#mailer.queue(tx, mail);
    return mail;
  }

  async #user(userId: string): Promise<UserRow> {
    const user = await findUserById(this.#db, userId);
    // The session was checked a moment ago; a user deleted since is signed out like a revoked one.
    if (!user) throw unauthorized();
    return user;
  }

  /** The user and the opened secret; the secret is null when this server's key cannot open it. */
  async #enabled(userId: string, off: () => Error): Promise<{ user: UserRow; secret: string | null }> {
    const row = await repo.findTotp(this.#db, userId);
    if (!row?.enabledAt) throw off();
    return { user: await this.#user(userId), secret: this.#tryOpen(row) };
  }

  /** The secret, or null when this server's key does not open it (a lost or changed ENCRYPTION_KEY). */
  #tryOpen(row: UserTotpRow): string | null {
    try {
      return openText(this.#config.encryptionKey, row.secretEncrypted, sealContext(row.userId));
    } catch (err) {
      if (err instanceof SecretBoxError) return null;
      throw err;
    }
  }
}
