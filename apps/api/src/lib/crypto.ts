import { createHash, createHmac, randomBytes } from 'node:crypto';

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

/**
 * The refresh token that replaces `token`: derived (HMAC under the server's key), not random, so a
 * replay of `token` inside the grace period gets the very same successor without the server ever
 * storing a usable token. Without the key, a token says nothing about the ones after it.
 */
export function successorToken(key: string, token: string): string {
  return createHmac('sha256', key).update('helo-refresh-successor\0').update(token).digest('base64url');
}
