import { z } from 'zod';
import { envelope } from './envelope.ts';
import { text } from './fields.ts';

/** TOTP (RFC 6238) as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** How many steps either side of now a code may come from (clock drift of the phone). */
export const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** The password step's challenge lives this long; the second step must come before. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * A code typed by a person: a 6-digit TOTP code or a recovery code. Spaces and dashes are theirs
 * to type (the server ignores them); the cap stops megabytes, the rest is checked by the server.
 */
export const codeField = text('Code').trim().min(1, 'Code is required').max(64, 'Code is too long');

const passwordField = text('Password').min(1, 'Password is required').max(1024, 'Password is too long');
const challengeField = text('Challenge').min(1, 'Challenge is required').max(512, 'Challenge is too long');

/** What the password step answers for an account with two-factor sign-in on: no tokens yet. */
export const twoFactorChallenge = z.object({
  two_factor_required: z.literal(true),
  /** Opaque, single use, sent back with the second step. */
  challenge: z.string(),
  /** Milliseconds until the challenge expires. */
  expires_in: z.number().int(),
  /** The ways this account can finish: 'passkey' only when it has one. */
  methods: z.array(z.enum(['totp', 'recovery_code', 'passkey'])),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

/** `POST /v1/auth/login/2fa`: a TOTP code or a recovery code. */
export const loginTwoFactorBody = z.object({ challenge: challengeField, code: codeField });
export const loginChallengeBody = z.object({ challenge: challengeField });

/** `POST /v1/auth/2fa/setup`: a new secret, not yet in force until confirmed by a code. */
export const twoFactorSetup = z.object({ secret: z.string(), otpauth_url: z.string() });
export const twoFactorSetupResponse = envelope(twoFactorSetup);

export const twoFactorCodeBody = z.object({ code: codeField });
export const recoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export const recoveryCodesResponse = envelope(recoveryCodes);

export const disableTwoFactorBody = z.object({ password: passwordField, code: codeField });

/** The account's sign-in security, part of `GET /v1/auth/register`. */
export const securityInfo = z.object({
  two_factor_enabled: z.boolean(),
  /** When two-factor sign-in was turned on (ISO 8601); absent while it is off. */
  two_factor_on_since: z.string().optional(),
  /** Unused recovery codes left; 0 when two-factor sign-in is off. */
  recovery_codes_left: z.number().int(),
  passkeys: z.number().int(),
});
export type SecurityInfo = z.infer<typeof securityInfo>;
