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

export const CHALLENGE_OVER =
  'Your sign-in took too long or was tried too many times, so it was stopped. Please enter your password again.';

/**
 * Whether a refused second step means the challenge itself can no longer be answered (expired,
 * used, or locked after too many wrong codes): the person must start again from the password. A
 * wrong code, by contrast, names the `code` field and the same challenge may be tried again.
 */
export function challengeIsOver(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.errors.some((e) => e.path === 'code')) return false;
  if (error.errors.some((e) => e.path === 'challenge')) return true;
  return error.status === 401 || error.status === 410;
}
