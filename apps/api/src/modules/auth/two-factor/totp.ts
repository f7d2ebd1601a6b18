import { TOTP_DIGITS, TOTP_DRIFT_STEPS, TOTP_PERIOD_SECONDS } from '@helo/contract/two-factor';
import { Secret, TOTP } from 'otpauth';

// RFC 6238 as every authenticator app reads it (otpauth passes the RFC's test vectors).
const ISSUER = 'Helo';

function totp(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret of 160 bits (RFC 4226's recommended length for SHA-1), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the QR code holds: `otpauth://totp/Helo:<email>?secret=…&issuer=Helo&…`. */
export function otpauthUrl(secretBase32: string, email: string): string {
  return totp(secretBase32, email).toString();
}

/** The 30-second step a moment falls in. */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a moment: what the user's app shows (tests compute codes with it). */
export function totpCode(secretBase32: string, at: Date): string {
  return totp(secretBase32).generate({ timestamp: at.getTime() });
}

/** Six digits once spaces are dropped ("123 456" as some apps show it). */
export function looksLikeTotp(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code.replace(/\s+/g, ''));
}

/**
 * The step whose code this is, within ±1 step of now (a phone's clock drifts), or null. The caller
 * refuses a step not after the last one accepted: a code works once.
 */
export function matchTotp(secretBase32: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!looksLikeTotp(token)) return null;
  const delta = totp(secretBase32).validate({ token, timestamp: now.getTime(), window: TOTP_DRIFT_STEPS });
  return delta === null ? null : totpStep(now) + delta;
}
