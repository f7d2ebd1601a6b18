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

/** What we know about the person choosing the password: guessers try these words first. */
export interface PasswordContext {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

// Lower case, letters and digits only: "Ada.Lovelace!" and "adalovelace" are the same guess.
const normalize = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

// A password left with fewer characters than this once the context words are taken out is a guess
// away from the context words themselves.
const MIN_OWN_CHARACTERS = 8;

function contextWords({ email, firstName, lastName }: PasswordContext): string[] {
  const local = email.split('@')[0] ?? '';
  const words = [email, local, ...local.split(/[._+-]/), firstName ?? '', lastName ?? '', 'helo'];
  // Longest first, so removing "lovelace" does not leave "lace" of a shorter word behind.
  return [...new Set(words.map(normalize).filter((w) => w.length >= 3))].sort((a, b) => b.length - a.length);
}

/** True for "aaaaaaaaaaaa" and for a short pattern repeated ("abcabcabcabc"). */
function isRepetition(text: string): boolean {
  return /^(.{1,4})\1+$/su.test(text);
}

/**
 * The checks of a new password beyond its length (which the request schema enforces), after NIST
 * 800-63B: returns the reason it is refused, or null when it is acceptable.
 */
export function passwordProblem(password: string, context: PasswordContext): string | null {
  const lowered = password.toLowerCase();
  if (password.trim() === '') return 'Password must not be only spaces';
  if (isRepetition(lowered)) return 'Password must not be one character or a short pattern repeated';
  if (lowered.trim() === context.email.trim().toLowerCase()) return 'Password must not be the same as your email';
  if (loadCommonPasswords().has(lowered)) return 'This password is too common; choose a less predictable one';
  let own = normalize(password);
  for (const word of contextWords(context)) own = own.replaceAll(word, '');
  if (own.length < MIN_OWN_CHARACTERS || isRepetition(own)) {
    return 'Password must not be built from your name, your email or the word Helo';
  }
  return null;
}
