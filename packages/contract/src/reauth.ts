import { z } from 'zod';
import { envelope } from './envelope.ts';
import { text } from './fields.ts';
import { passkeyLoginBody, webauthnOptions } from './passkeys.ts';
import { codeField } from './two-factor.ts';

/** Sudo mode: how long one proof (`POST /v1/auth/reauthenticate`) lets a session make sensitive changes. */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;

/** The 403 of a sensitive change asked for without a recent proof; `reauth_required` is set on it. */
export const REAUTH_REQUIRED_MESSAGE = 'Confirm it is you to continue: enter your password again.';

const passwordField = text('Password').min(1, 'Password is required').max(1024, 'Password is too long');

/** The web dialog's two forms: the password, or a code of two-factor sign-in. */
export const reauthPasswordBody = z.object({ password: passwordField });
export const reauthCodeBody = z.object({ code: codeField });

/**
 * One proof of who is at the keyboard: the password, a code of two-factor sign-in (authenticator
 * or recovery), or a passkey's answer to `POST /v1/auth/reauthenticate/passkey-options`.
 */
export const reauthenticateBody = z
  .object({
    password: passwordField.optional(),
    code: codeField.optional(),
    passkey: passkeyLoginBody.optional(),
  })
  .superRefine((body, ctx) => {
    const given = [body.password, body.code, body.passkey].filter((v) => v !== undefined).length;
    if (given !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: given === 0 ? 'Password is required' : 'Give one of password, code or passkey',
      });
    }
  });
export type ReauthenticateBody = z.infer<typeof reauthenticateBody>;

export const reauthenticateResponse = envelope(
  z.object({
    /** ISO 8601: until then this session may make sensitive changes without asking again. */
    elevated_until: z.string(),
  }),
);

export const reauthPasskeyOptionsResponse = envelope(z.object({ challenge_id: z.string(), options: webauthnOptions }));
