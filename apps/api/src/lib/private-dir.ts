import { chmodSync, existsSync, statSync } from 'node:fs';

/**
 * DATA_DIR holds the database (its write-ahead log has emails and password hashes), the generated
 * secrets and the Vault: no other local user may reach anything in it. An existing directory that
 * others could read or enter is tightened to 0700; returns the mode it had then, for the log.
 */
export function tightenPrivateDir(dir: string): number | undefined {
  if (!existsSync(dir)) return undefined;
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  chmodSync(dir, 0o700);
  return mode;
}

/** What the server's own files and directories get: owner only (files 0600, directories 0700). */
export const PRIVATE_UMASK = 0o077;
