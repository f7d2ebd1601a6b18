import { z } from 'zod';
import { envelope } from './envelope.ts';
import { oneLineName, text } from './fields.ts';

export const PASSKEY_NAME_MAX = 60;
export const MAX_PASSKEYS = 10;

/**
 * A WebAuthn response as the browser library hands it over (RegistrationResponseJSON or
 * AuthenticationResponseJSON). Only its outer shape is checked here; the WebAuthn library on the
 * server verifies the rest, and anything it refuses is a 400 naming `credential`.
 */
const b64url = (label: string) =>
  text(label)
    .min(1, `${label} is required`)
    .max(16_384, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${label} must be base64url`);

export const credentialField = z.looseObject({
  id: b64url('Credential id'),
  rawId: b64url('Credential raw id'),
  type: z.literal('public-key', { error: 'Credential type must be public-key' }),
  response: z.looseObject({ clientDataJSON: b64url('Client data') }),
});

/** Options for `navigator.credentials.create/get`, passed as they are to @simplewebauthn/browser. */
export const webauthnOptions = z.looseObject({ challenge: z.string() });

export const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced to the user's other devices by their platform (iCloud Keychain, Google Password Manager). */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof passkey>;

export const passkeysResponse = envelope(z.array(passkey));
export const passkeyResponse = envelope(passkey);
export const passkeyRegistrationOptionsResponse = envelope(z.object({ options: webauthnOptions }));
export const registerPasskeyBody = z.object({
  name: oneLineName('Name', PASSKEY_NAME_MAX),
  credential: credentialField,
});

/** `POST /v1/auth/passkey-login/options` → a WebAuthn challenge for any passkey of this site. */
export const passkeyLoginOptionsResponse = envelope(z.object({ challenge_id: z.string(), options: webauthnOptions }));
export const passkeyLoginBody = z.object({
  challenge_id: text('Challenge id').min(1, 'Challenge id is required').max(128, 'Challenge id is too long'),
  credential: credentialField,
});

/** The second step with a passkey instead of a code (`/v1/auth/login/2fa/passkey[-options]`). */
export const passkeySecondFactorOptionsResponse = envelope(z.object({ options: webauthnOptions }));
export const passkeySecondFactorBody = z.object({
  challenge: text('Challenge').min(1, 'Challenge is required').max(512, 'Challenge is too long'),
  credential: credentialField,
});

/** `DELETE /v1/auth/passkeys/{id}`: the id as the list gives it; anything that is not one of the user's is a 404. */
export const passkeyParams = z.object({ id: text('Passkey id').min(1, 'Passkey id is required').max(64) });
