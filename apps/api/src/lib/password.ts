import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane (Algorithm.Argon2id = 2).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A hash of a random password, verified against when the email is unknown, so that a wrong email
// takes as long as a wrong password and the response time does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0f3c9a1b');
  await verifyPassword(await dummyHash, password);
}

let commonPasswords: Set<string> | undefined;
function loadCommonPasswords(): Set<string> {
  if (!commonPasswords) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    commonPasswords = new Set(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#')),
    );
  }
  return commonPasswords;
}

/**
 * The checks of a new password beyond its length (which the request schema enforces):
 * returns the reason it is refused, or null when it is acceptable.
 */
export function passwordProblem(password: string, email: string): string | null {
  const lowered = password.toLowerCase();
  if (lowered.trim() === email.trim().toLowerCase()) return 'Password must not be the same as your email';
  if (loadCommonPasswords().has(lowered)) return 'This password is too common; choose a less predictable one';
  return null;
}
