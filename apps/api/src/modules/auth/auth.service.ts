import type { activeSession, onboardingInfo, PublicUser, RegisterBody, SessionPayload } from '@helo/contract/auth';
import { ACCESS_TOKEN_TTL_MS } from '@helo/contract/auth';
import { LOGIN_CHALLENGE_TTL_MS, type SecurityInfo, type TwoFactorChallenge } from '@helo/contract/two-factor';
import type { Db } from '@helo/db/client';
import type { UserRow } from '@helo/db/schema';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken, randomToken, successorToken } from '../../lib/crypto.ts';
import { forbidden, HttpError, invalidField, unauthorized } from '../../lib/http-error.ts';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from '../../lib/password.ts';
import { cleanStateMail } from '../../mail/clean-state-mail.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { type MailMessage, passwordChangedMail, resetPasswordMail, verificationMail } from '../../mail/templates.ts';
import type { SessionCache } from '../../plugins/session-cache.ts';
import { accountNotifications, insertNotification } from '../notifications/index.ts';
import { listUserGoalIds } from '../onboarding/index.ts';
import type { AccessTokens } from './access-token.ts';
import * as repo from './auth.repository.ts';
import { proveEmail } from './first-proof.repository.ts';
import * as challenges from './login-challenges.repository.ts';

const DAY = 24 * 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * DAY;
export const VERIFY_TOKEN_TTL_MS = DAY;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Wrong current passwords one session may give on change-password before it is signed out. */
export const MAX_PASSWORD_CHECKS_PER_SESSION = 5;

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

const NO_META: ClientMeta = { ip: null, userAgent: null };

export interface IssuedSession extends SessionPayload {
  sessionId: string;
}

export type OnboardingInfo = z.output<typeof onboardingInfo>;
export type ActiveSession = z.output<typeof activeSession>;

export const toPublicUser = (u: UserRow): PublicUser => ({
  id: u.id,
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  email_verified: u.emailVerifiedAt !== null,
});

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export const INVALID_CREDENTIALS = 'Incorrect email or password';
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password. Please check your inbox.';

export class AuthService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly config: AppConfig;
  private readonly mailer: Mailer;
  private readonly accessTokens: AccessTokens;
  // Told of every revocation once it is committed, so this server refuses the session at once.
  private readonly sessionCache: SessionCache;

  constructor(
    db: Db,
    clock: Clock,
    config: AppConfig,
    mailer: Mailer,
    accessTokens: AccessTokens,
    sessionCache: SessionCache,
  ) {
    this.db = db;
    this.clock = clock;
    this.config = config;
    this.mailer = mailer;
    this.accessTokens = accessTokens;
    this.sessionCache = sessionCache;
  }

  async register(body: RegisterBody, meta: ClientMeta): Promise<IssuedSession> {
    const problem = passwordProblem(body.password, {
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
    });
    if (problem) throw invalidField('password', problem, { summary: problem });
    const passwordHash = await hashPassword(body.password);
    const now = this.clock.now();
    const mails: MailMessage[] = [];
    try {
      const session = await this.db.transaction(async (tx) => {
        const user = await repo.insertUser(tx, {
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          passwordHash,
          now,
        });
        mails.push(await this.createVerification(tx, user, now));
        await insertNotification(tx, user.id, accountNotifications.welcome(user.firstName), now);
        for (const m of mails) await this.mailer.queue(tx, m);
        return this.issueSession(tx, user, meta, now);
      });
      this.mailer.afterCommit(mails);
      return session;
    } catch (err) {
      if (isUniqueViolation(err)) {
        const message = 'An account with this email already exists. Log in or reset your password.';
        throw invalidField('email', message, { status: 409, summary: message });
      }
      throw err;
    }
  }

  /**
   * The password step. An account with two-factor sign-in on gets no tokens here, only a
   * short-lived single-use challenge that the second step (a code or a passkey) must answer.
   */
  async login(email: string, password: string, meta: ClientMeta): Promise<IssuedSession | TwoFactorChallenge> {
    const user = await repo.findUserByEmail(this.db, email);
    if (!user) {
      await burnPasswordCheck(password);
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw new HttpError(401, INVALID_CREDENTIALS);
    const now = this.clock.now();
    const security = await challenges.securityState(this.db, user.id);
    if (security.twoFactorEnabled) {
      const challenge = randomToken();
      await challenges.insertLoginChallenge(this.db, {
        userId: user.id,
        tokenHash: hashToken(challenge),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        now,
        expiresAt: new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MS),
      });
      return {
        two_factor_required: true,
        challenge,
        expires_in: LOGIN_CHALLENGE_TTL_MS,
        methods: security.passkeys > 0 ? ['totp', 'recovery_code', 'passkey'] : ['totp', 'recovery_code'],
      };
    }
    return this.db.transaction((tx) => this.issueSession(tx, user, meta, now));
  }

  /**
   * A new session for a user whose identity was proven another way: a second step answered, or a
   * passkey sign-in. Runs in the caller's transaction, so the proof is consumed with it.
   */
  async startSession(tx: Db, userId: string, meta: ClientMeta, now: Date): Promise<IssuedSession> {
    const user = await repo.findUserById(tx, userId);
    if (!user) throw unauthorized();
    return this.issueSession(tx, user, meta, now);
  }

  /**
   * Exchanges a refresh token for a new pair (rotation), detecting the reuse of a stolen one. A
   * session is one chain: each token has at most one successor, derived from it, so a token
   * presented again within the grace period gets the very pair it got the first time (two tabs
   * racing, an answer lost on the way) and no second chain can start.
   */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw unauthorized('No refresh token was sent. Please log in.');
    const now = this.clock.now();
    const found = await repo.findRefreshToken(this.db, hashToken(refreshToken));
    const invalid = forbidden('Your session is no longer valid. Please log in again.');
    if (!found) throw invalid;
    const { token, session } = found;
    if (session.revokedAt || session.expiresAt <= now || token.expiresAt <= now) throw invalid;
    // Left behind by "sign out other devices" or a password change: refused, and the session of
    // whoever made that change goes on.
    if (token.generation < session.minGeneration) throw invalid;

    const reused = async () => {
      await repo.revokeSession(this.db, session.id, 'refresh_token_reuse', now);
      this.sessionCache.forgetSession(session.id);
      return forbidden('This session was signed out because an old refresh token was used again. Please log in again.');
    };
    // The second child of a token, made before a token had only one: a chain that must not go on.
    if (token.supersededAt) throw await reused();
    const user = await repo.findUserById(this.db, session.userId);
    if (!user) throw invalid;

    const successor = successorToken(this.config.jwtSecret, refreshToken);
    const outcome = await this.db.transaction(async (tx) => {
      if (await repo.markRotated(tx, token.id, now)) {
        await repo.touchSession(tx, session.id, now);
        return this.continueSession(tx, user, session.id, now, {
          parentId: token.id,
          successor,
          generation: token.generation + 1,
        });
      }
      // Already exchanged. Within the grace period: the same successor again. After it, or when
      // the stored successor is not the one this token derives (a key changed), the token was
      // replayed and the whole family is presumed stolen.
      const state = await repo.refreshTokenState(tx, token.id);
      const child = await repo.findChildToken(tx, token.id);
      const rotatedAt = state?.rotatedAt;
      if (!rotatedAt || !child || child.tokenHash !== hashToken(successor)) return 'reused' as const;
      if (now.getTime() - rotatedAt.getTime() > this.config.refreshGraceMs) return 'reused' as const;
      return this.sessionPair(user, session.id, rotatedAt, now, successor, child.generation);
    });
    if (outcome === 'reused') throw await reused();
    return outcome;
  }

  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const found = await repo.findRefreshToken(this.db, hashToken(refreshToken));
    if (!found) return;
    await repo.revokeSession(this.db, found.session.id, 'logout', this.clock.now());
    this.sessionCache.forgetSession(found.session.id);
  }

  /**
   * Signs out every device but this one, and within this session every token but the caller's
   * (`auth.generation` and what follows it); returns how many sessions ended.
   */
  async revokeOtherSessions(auth: AuthContext): Promise<number> {
    const revoked = await this.db.transaction(async (tx) => {
      await repo.raiseMinGeneration(tx, auth.sessionId, auth.generation);
      return repo.revokeUserSessions(tx, auth.userId, 'signed_out_elsewhere', this.clock.now(), auth.sessionId);
    });
    this.sessionCache.forgetUser(auth.userId);
    return revoked;
  }

  /**
   * `browser`: the refresh token that came with the link's request (the cookie of the browser that
   * opened it). The first proof ends every session; when that browser held one of this user's, it
   * gets a new session, so whoever holds both the mailbox and that browser stays signed in.
   */
  async verifyEmail(
    token: string,
    browser: { refreshToken: string | undefined; meta: ClientMeta } = { refreshToken: undefined, meta: NO_META },
  ): Promise<{ message: string; session?: IssuedSession }> {
    const now = this.clock.now();
    const found = await repo.findOneTimeToken(this.db, 'verify_email', hashToken(token));
    const invalid = invalidField('token', 'Invalid or expired token', {
      summary: 'This verification link is invalid or has expired. Request a new one.',
    });
    if (!found) throw invalid;
    const user = await repo.findUserById(this.db, found.userId);
    if (!user) throw invalid;
    // A second click on the same link, after it worked, is not an error for the user.
    if (found.usedAt) {
      if (user.emailVerifiedAt) return { message: 'Your email has already been verified' };
      throw invalid;
    }
    if (found.expiresAt <= now) throw invalid;
    const signedInHere = await this.browserSessionOf(user.id, browser.refreshToken, now);
    const mail = cleanStateMail(user.email, user.firstName, 'verification', this.config.supportEmail);
    const outcome = await this.db.transaction(async (tx) => {
      if (!(await repo.consumeOneTimeToken(tx, found.id, now))) return undefined;
      if (user.emailVerifiedAt || !(await proveEmail(tx, user.id, now))) return undefined;
      await insertNotification(tx, user.id, accountNotifications.emailVerified(), now);
      await this.mailer.queue(tx, mail);
      const verified = { ...user, emailVerifiedAt: now };
      return { session: signedInHere ? await this.issueSession(tx, verified, browser.meta, now) : undefined };
    });
    if (outcome) {
      this.sessionCache.forgetUser(user.id);
      this.mailer.afterCommit([mail]);
    }
    return { message: 'Email verified successfully', ...(outcome?.session ? { session: outcome.session } : {}) };
  }

  /** Whether the refresh token names an active session of this user (the browser that sent it). */
  private async browserSessionOf(userId: string, refreshToken: string | undefined, now: Date): Promise<boolean> {
    if (!refreshToken) return false;
    const found = await repo.findRefreshToken(this.db, hashToken(refreshToken));
    if (!found || found.session.userId !== userId) return false;
    return !found.session.revokedAt && found.session.expiresAt > now && found.token.expiresAt > now;
  }

  async resendVerification(userId: string): Promise<{ message: string }> {
    const now = this.clock.now();
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw unauthorized();
    if (user.emailVerifiedAt) return { message: 'Your email is already verified' };
    const mail = await this.db.transaction(async (tx) => {
      const m = await this.createVerification(tx, user, now);
      await this.mailer.queue(tx, m);
      return m;
    });
    this.mailer.afterCommit([mail]);
    return { message: 'Email sent successfully' };
  }

  async forgotPassword(email: string): Promise<void> {
    const user = await repo.findUserByEmail(this.db, email);
    if (!user) return;
    const now = this.clock.now();
    const mail = await this.db.transaction(async (tx) => {
      // Only the newest reset link works: an older mail left in an inbox is no way in.
      await repo.expireOpenTokens(tx, user.id, 'reset_password', now);
      const token = await this.createOneTimeToken(tx, user.id, 'reset_password', now);
      const m = resetPasswordMail(user.email, user.firstName, `${this.config.appUrl}/reset-password?token=${token}`);
      await this.mailer.queue(tx, m);
      return m;
    });
    this.mailer.afterCommit([mail]);
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const now = this.clock.now();
    const found = await repo.findOneTimeToken(this.db, 'reset_password', hashToken(token));
    const invalid = invalidField('token', 'Invalid or expired token', {
      summary: 'This reset link is invalid or has expired. Request a new one.',
    });
    if (!found || found.usedAt || found.expiresAt <= now) throw invalid;
    const user = await repo.findUserById(this.db, found.userId);
    if (!user) throw invalid;
    const problem = passwordProblem(password, user);
    if (problem) throw invalidField('password', problem, { summary: problem });
    const passwordHash = await hashPassword(password);
    const mail = await this.db.transaction(async (tx) => {
      if (!(await repo.consumeOneTimeToken(tx, found.id, now))) throw invalid;
      // Any other reset link still open is spent too: one reset, one new password.
      await repo.expireOpenTokens(tx, user.id, 'reset_password', now);
      await repo.updateUser(tx, user.id, { passwordHash, passwordChangedAt: now, updatedAt: now });
      // The link proves the mailbox, so it also proves the email address: the first such proof
      // resets the account to a clean state, and its mail says so.
      const firstProof = await proveEmail(tx, user.id, now);
      await repo.revokeUserSessions(tx, user.id, 'password_reset', now);
      await insertNotification(tx, user.id, accountNotifications.passwordChanged(), now);
      const m = firstProof
        ? cleanStateMail(user.email, user.firstName, 'password_reset', this.config.supportEmail)
        : passwordChangedMail(user.email, user.firstName, this.config.supportEmail);
      await this.mailer.queue(tx, m);
      return m;
    });
    this.sessionCache.forgetUser(user.id);
    this.mailer.afterCommit([mail]);
  }

  /**
   * Checks the password of a signed-in user (change-password, sudo mode). A wrong one is a 400 naming
   * `field`, not a 401: it must not sign the user out, until there were so many that whoever holds
   * this session is guessing the password: then the session ends.
   */
  async confirmPassword(userId: string, sessionId: string, password: string, field: string): Promise<UserRow> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw unauthorized();
    if (await verifyPassword(user.passwordHash, password)) return user;
    const failures = await repo.recordFailedPasswordCheck(this.db, sessionId);
    if (failures >= MAX_PASSWORD_CHECKS_PER_SESSION) {
      await repo.revokeSession(this.db, sessionId, 'too_many_password_checks', this.clock.now());
      this.sessionCache.forgetSession(sessionId);
      throw unauthorized('Too many wrong passwords. For your safety you were signed out; please log in again.');
    }
    const wrong = field === 'password' ? 'Your password is incorrect' : 'Your current password is incorrect';
    throw invalidField(field, wrong, { summary: wrong });
  }

  async changePassword(auth: AuthContext, current: string, next: string): Promise<void> {
    const { sessionId } = auth;
    const user = await this.confirmPassword(auth.userId, sessionId, current, 'current_password');
    if (current === next) {
      const same = 'The new password must be different from the current one';
      throw invalidField('new_password', same, { summary: same });
    }
    const problem = passwordProblem(next, user);
    if (problem) throw invalidField('new_password', problem, { summary: problem });
    const passwordHash = await hashPassword(next);
    const now = this.clock.now();
    const mail = passwordChangedMail(user.email, user.firstName, this.config.supportEmail);
    await this.db.transaction(async (tx) => {
      await repo.updateUser(tx, user.id, { passwordHash, passwordChangedAt: now, updatedAt: now });
      await repo.revokeUserSessions(tx, user.id, 'password_changed', now, sessionId);
      await repo.raiseMinGeneration(tx, sessionId, auth.generation);
      // A reset link mailed before the change must not undo it.
      await repo.expireOpenTokens(tx, user.id, 'reset_password', now);
      await repo.clearFailedPasswordChecks(tx, sessionId);
      await insertNotification(tx, user.id, accountNotifications.passwordChanged(), now);
      await this.mailer.queue(tx, mail);
    });
    this.sessionCache.forgetUser(user.id);
    this.mailer.afterCommit([mail]);
  }

  /** Who is signed in and how far their onboarding got (`GET /v1/auth/register`). */
  async onboardingInfo(userId: string): Promise<OnboardingInfo> {
    const user = await repo.findUserById(this.db, userId);
    // The session was checked a moment ago; a user deleted since is signed out like a revoked one.
    if (!user) throw unauthorized();
    return {
      user: toPublicUser(user),
      onboarding: {
        email_verified: user.emailVerifiedAt !== null,
        member_since: user.createdAt.toISOString(),
        goal_ids: await listUserGoalIds(this.db, user.id),
      },
      security: await this.securityInfo(user.id),
    };
  }

  async securityInfo(userId: string): Promise<SecurityInfo> {
    const s = await challenges.securityState(this.db, userId);
    return {
      two_factor_enabled: s.twoFactorEnabled,
      ...(s.twoFactorOnSince ? { two_factor_on_since: s.twoFactorOnSince.toISOString() } : {}),
      recovery_codes_left: s.recoveryCodesLeft,
      passkeys: s.passkeys,
    };
  }

  /** Where the user is signed in, most recently used first, marking the session that asks. */
  async activeSessions(userId: string, currentSessionId: string): Promise<ActiveSession[]> {
    const rows = await repo.listActiveSessions(this.db, userId, this.clock.now());
    return rows.map((s) => ({
      id: s.id,
      user_agent: s.userAgent,
      ip: s.ip,
      created_at: s.createdAt.toISOString(),
      last_used_at: s.lastUsedAt.toISOString(),
      current: s.id === currentSessionId,
    }));
  }

  async updateProfile(userId: string, firstName: string, lastName: string): Promise<PublicUser> {
    const now = this.clock.now();
    const user = await repo.updateUser(this.db, userId, { firstName, lastName, updatedAt: now });
    return toPublicUser(user);
  }

  private async createVerification(tx: Db, user: UserRow, now: Date): Promise<MailMessage> {
    const token = await this.createOneTimeToken(tx, user.id, 'verify_email', now);
    return verificationMail(user.email, user.firstName, `${this.config.appUrl}/verify-email?token=${token}`);
  }

  /** Stores the hash of a new single-use token and returns the token itself, for the mail only. */
  private async createOneTimeToken(tx: Db, userId: string, purpose: repo.OneTimePurpose, now: Date): Promise<string> {
    const token = randomToken();
    const ttl = purpose === 'verify_email' ? VERIFY_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
    await repo.insertOneTimeToken(tx, {
      userId,
      purpose,
      tokenHash: hashToken(token),
      now,
      expiresAt: new Date(now.getTime() + ttl),
    });
    return token;
  }

  private async issueSession(tx: Db, user: UserRow, meta: ClientMeta, now: Date): Promise<IssuedSession> {
    const session = await repo.insertSession(tx, {
      userId: user.id,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
      now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return this.continueSession(tx, user, session.id, now, { successor: randomToken(), generation: 0 });
  }

  /** Stores the next link of the session's chain and answers its pair. */
  private async continueSession(
    tx: Db,
    user: UserRow,
    sessionId: string,
    now: Date,
    link: { successor: string; generation: number; parentId?: string },
  ): Promise<IssuedSession> {
    await repo.insertRefreshToken(tx, {
      sessionId,
      userId: user.id,
      tokenHash: hashToken(link.successor),
      now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      generation: link.generation,
      ...(link.parentId ? { parentId: link.parentId } : {}),
    });
    return this.sessionPair(user, sessionId, now, now, link.successor, link.generation);
  }

  /**
   * The answer of a refresh: the access token signed as of `issuedAt` (a replay inside the grace
   * period re-signs the same claims at the same instant, so it gets the same token) and its time left.
   */
  private async sessionPair(
    user: UserRow,
    sessionId: string,
    issuedAt: Date,
    now: Date,
    refreshToken: string,
    generation: number,
  ): Promise<IssuedSession> {
    return {
      sessionId,
      access_token: await this.accessTokens.sign({ userId: user.id, sessionId, generation }, issuedAt),
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_TTL_MS - (now.getTime() - issuedAt.getTime()),
      user: toPublicUser(user),
    };
  }
}
