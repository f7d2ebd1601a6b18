import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@helo/contract/two-factor';
import { hashToken } from '../../../lib/crypto.ts';

// RFC 4648 base32, lower-case: no 0/1/8/9, so nothing reads as another letter.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 120 random bits = 24 base32 characters, written as six groups of four. */
const CODE_CHARS = 24;

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** A new set: the codes as the user sees them (`abcd-efgh-…`), once, and the hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = base32(randomBytes(15));
    return raw.match(/.{4}/g)?.join('-') ?? raw;
  });
  return { codes, hashes: codes.map((c) => hashToken(normaliseRecoveryCode(c))) };
}

/** What a typed code is compared as: case, spaces and dashes are the user's to type as they like. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

/** The stored hash of a typed code, or null when it cannot be a recovery code at all. */
export function recoveryCodeHash(code: string): string | null {
  const normal = normaliseRecoveryCode(code);
  if (normal.length !== CODE_CHARS || ![...normal].every((c) => ALPHABET.includes(c))) return null;
  return hashToken(normal);
}
