import { REAUTH_WINDOW_MS, type ReauthenticateBody } from '@helo/contract/reauth';
import type { Db } from '@helo/db/client';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { AuthContext } from '../../../lib/auth-context.ts';
import type { Clock } from '../../../lib/clock.ts';
import { unauthorized } from '../../../lib/http-error.ts';
import type { AuthService } from '../auth.service.ts';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';
import { elevateSession } from './recent-auth.repository.ts';

/**
 * What sudo mode asks of passkeys. The passkeys module builds on this one (sign-in, second factor),
 * so app.ts passes its service in here rather than this module importing it back.
 */
export interface PasskeyReauth {
  reauthOptions(userId: string): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>;
  confirmReauth(
    userId: string,
    challengeId: string,
    credential: NonNullable<ReauthenticateBody['passkey']>['credential'],
  ): Promise<void>;
}

/**
 * Sudo mode (issue 24): a fresh proof of who is at the keyboard (the password, a two-factor code,
 * or a passkey) opens a 5-minute window on this session for sensitive changes.
 */
export class ReauthService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #auth: AuthService;
  readonly #twoFactor: TwoFactorService;
  readonly #passkeys: PasskeyReauth;

  constructor(db: Db, clock: Clock, auth: AuthService, twoFactor: TwoFactorService, passkeys: PasskeyReauth) {
    this.#db = db;
    this.#clock = clock;
    this.#auth = auth;
    this.#twoFactor = twoFactor;
    this.#passkeys = passkeys;
  }

  /** Checks the proof (a wrong one is a 400 naming its field) and returns the end of the window. */
  async reauthenticate(auth: AuthContext, proof: ReauthenticateBody): Promise<Date> {
    if (proof.password !== undefined) {
      // Wrong ones count against the session as on change-password: five sign it out.
      await this.#auth.confirmPassword(auth.userId, auth.sessionId, proof.password, 'password');
    } else if (proof.code !== undefined) {
      await this.#twoFactor.confirmCode(auth.userId, proof.code);
    } else if (proof.passkey) {
      await this.#passkeys.confirmReauth(auth.userId, proof.passkey.challenge_id, proof.passkey.credential);
    }
    const until = new Date(this.#clock.now().getTime() + REAUTH_WINDOW_MS);
    if (!(await elevateSession(this.#db, auth.sessionId, auth.userId, until))) throw unauthorized();
    return until;
  }

  passkeyOptions(userId: string) {
    return this.#passkeys.reauthOptions(userId);
  }
}
