import { codeField, TOTP_DIGITS } from '@helo/contract/two-factor';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';

/** What the person types in the second step: the app's code, or one of their recovery codes. */
export type CodeKind = 'totp' | 'recovery_code';

export const APP_CODE_FORMAT = `Enter the ${TOTP_DIGITS} digits your authenticator app shows`;

/**
 * An app's code as people type or paste it: '123 456', '123-456' and the like are the same six
 * digits. Anything else is left as it is, for the check to name.
 */
export function normaliseAppCode(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/**
 * The form's schema for each kind: the contract's field, and for the app's code its six digits, so
 * a typo is named before a request spends one of the account's limited attempts. A recovery code is
 * sent as typed: the server ignores case, spaces and dashes.
 */
export function secondStepSchema(kind: CodeKind) {
  if (kind === 'recovery_code') return z.object({ code: codeField });
  const digits = new RegExp(`^\\d{${TOTP_DIGITS}}$`);
  return z.object({
    code: codeField.transform(normaliseAppCode).pipe(z.string().regex(digits, APP_CODE_FORMAT)),
  });
}

/** The challenge ran out while the page was open: said before the server has to. */
export const CHALLENGE_EXPIRED = 'This sign-in has expired. Please enter your password again.';

/**
 * When a refused second step means the challenge itself can no longer be answered (expired, used,
 * or closed after too many wrong codes), what to tell the person sent back to the password step;
 * null when the same challenge may be tried again (a wrong code names the `code` field; a busy or
 * unreachable server is no answer about the challenge).
 */
export function challengeOverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.errors.some((e) => e.path === 'code')) return null;
  if (error.errors.some((e) => e.path === 'challenge') || error.status === 401 || error.status === 410) {
    return error.message;
  }
  return null;
}
