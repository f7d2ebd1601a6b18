import type { Readable } from 'node:stream';

/**
 * Where the Vault keeps its encrypted documents: a directory under DATA_DIR, or an S3-compatible
 * bucket when one is configured. The service only ever hands it ciphertext, so neither store
 * needs to be trusted with the contents. Keys read `<user id>/<file id>`.
 */
export interface FileStorage {
  /**
   * Stores the stream's bytes under `key`. Nothing is visible under the key until the stream ended
   * well (a disk store writes a temporary name and renames it); when the stream errors, the write
   * rejects with that error and leaves nothing behind.
   */
  write(key: string, body: Readable): Promise<{ bytes: number }>;
  /** A stream of the stored bytes; rejects with FileNotStoredError when the key holds nothing. */
  read(key: string): Promise<Readable>;
  /** Removes the key's bytes; a key that holds nothing is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every key that starts with `prefix` (a user's `<user id>/` when the account is deleted). */
  removePrefix(prefix: string): Promise<void>;
}

export class FileNotStoredError extends Error {}
