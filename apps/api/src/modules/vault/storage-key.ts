/**
 * The Vault's storage keys read `<user id>/<file id>`. Both stores refuse anything else before
 * touching the disk or the bucket, so a key can never climb out of its directory (`..`), name an
 * absolute path, or reach another user's prefix.
 */

/** A key segment: a uuid or similar id. No dots or slashes, so no `..`, no absolute path, no hidden name. */
const SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;

export class InvalidStorageKeyError extends Error {}

/** Splits a key into its user and file segments, or throws InvalidStorageKeyError. */
export function keySegments(key: string): [string, string] {
  const parts = key.split('/');
  const [user, file] = parts;
  if (parts.length !== 2 || !user || !file || !SEGMENT.test(user) || !SEGMENT.test(file)) {
    throw new InvalidStorageKeyError(`Not a Vault storage key: ${JSON.stringify(key)}`);
  }
  return [user, file];
}

/** The user segment of a `<user id>/` prefix (the trailing slash optional), or InvalidStorageKeyError. */
export function prefixUser(prefix: string): string {
  const user = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (!SEGMENT.test(user)) throw new InvalidStorageKeyError(`Not a Vault storage prefix: ${JSON.stringify(prefix)}`);
  return user;
}
