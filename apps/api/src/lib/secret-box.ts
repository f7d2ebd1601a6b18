import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Small secrets sealed at rest (AES-256-GCM) under the server's master key (`config.encryptionKey`):
 * TOTP secrets now, the Vault's per-file keys next. A sealed value reads
 * `v1.<key id>.<nonce>.<ciphertext>.<tag>` (base64url parts):
 * - the version says how the rest is built, so the format can change without guessing;
 * - the key id (the first 8 bytes of the key's SHA-256, which reveal nothing usable about it) names
 *   the master key that sealed it, so after a key rotation `open` picks the right one of a keyring;
 * - the nonce is 12 random bytes per seal: with one key, random nonces stay safe far past the number
 *   of secrets a Helo server will ever seal (the GCM limit is 2^32 messages per key).
 * `context` is authenticated but not stored (GCM's additional data): a value sealed for one purpose
 * and owner (`totp:<user id>`) does not open as another's, so copying a ciphertext from one row to
 * another does not move the secret.
 */

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const MASTER_KEY_BYTES = 32;

export class SecretBoxError extends Error {}

/** Names a master key in sealed values without revealing it. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');
}

function checkKey(key: Buffer): void {
  if (key.length !== MASTER_KEY_BYTES) throw new SecretBoxError(`The master key must be ${MASTER_KEY_BYTES} bytes`);
}

export function sealBytes(key: Buffer, plain: Buffer, context: string): string {
  checkKey(key);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  const parts = [nonce, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url'));
  return [VERSION, keyId(key), ...parts].join('.');
}

/**
 * Opens a value sealed by `sealBytes` with the key (or, while keys rotate, the keys) it names.
 * Throws SecretBoxError when no key matches or the value was altered: nothing unauthenticated is
 * ever returned.
 */
export function openBytes(keys: Buffer | readonly Buffer[], sealed: string, context: string): Buffer {
  const [version, kid, nonce, body, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || rest.length > 0 || !kid || nonce === undefined || body === undefined || !tag) {
    throw new SecretBoxError('Not a sealed value of a known version');
  }
  const key = (Buffer.isBuffer(keys) ? [keys] : keys).find((k) => keyId(k) === kid);
  if (!key) throw new SecretBoxError('Sealed under a master key this server does not have');
  checkKey(key);
  const nonceBytes = Buffer.from(nonce, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (nonceBytes.length !== NONCE_BYTES || tagBytes.length !== TAG_BYTES) {
    throw new SecretBoxError('Malformed sealed value');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, nonceBytes, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tagBytes);
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  } catch {
    throw new SecretBoxError('The sealed value was altered, or belongs to another context');
  }
}

export function sealText(key: Buffer, plain: string, context: string): string {
  return sealBytes(key, Buffer.from(plain, 'utf8'), context);
}

export function openText(keys: Buffer | readonly Buffer[], sealed: string, context: string): string {
  return openBytes(keys, sealed, context).toString('utf8');
}

/** Reads `ENCRYPTION_KEY`-style text: base64 (or base64url) of exactly 32 bytes; undefined otherwise. */
export function parseMasterKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  return key.length === MASTER_KEY_BYTES ? key : undefined;
}

export function newMasterKey(): Buffer {
  return randomBytes(MASTER_KEY_BYTES);
}
