import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe: refresh tokens, verification and reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as SHA-256 hashes: a leaked table cannot be replayed. A fast hash is right
 * here (unlike passwords) because the tokens are long and random.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
