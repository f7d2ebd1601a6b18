import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileNotStoredError, type FileStorage } from './file-storage.ts';
import { keySegments, prefixUser } from './storage-key.ts';

/**
 * The Vault's documents as files under one directory (`<DATA_DIR>/vault/<user id>/<file id>`).
 * Only ciphertext arrives here (file-cipher.ts); the directory is still private to the server's
 * user (0700 directories, 0600 files) so nothing else on the machine even sees the sizes.
 */

/** Files in a user's directory that start with this are unfinished writes, never a stored key. */
export const TEMP_PREFIX = '.tmp-';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

export class DiskStorage implements FileStorage {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  async write(key: string, body: Readable): Promise<{ bytes: number }> {
    const [user, file] = keySegments(key);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const userDir = join(this.dir, user);
    await mkdir(userDir, { recursive: true, mode: 0o700 });
    // Same directory as the final name, so the rename is atomic: a reader sees the whole file or none.
    const temp = join(userDir, `${TEMP_PREFIX}${file}-${randomBytes(6).toString('hex')}`);
    const handle = await open(temp, 'wx', 0o600);
    let bytes = 0;
    try {
      for await (const chunk of body) {
        const data = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        await handle.write(data);
        bytes += data.length;
      }
      // On disk before the rename, so a crash cannot leave a named file with missing bytes.
      await handle.sync();
      await handle.close();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(temp, { force: true });
      throw error;
    }
    try {
      await rename(temp, join(userDir, file));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(userDir);
    return { bytes };
  }

  async read(key: string): Promise<Readable> {
    const [user, file] = keySegments(key);
    try {
      // Opened first so a missing file rejects here, not later as a stream error mid-response.
      const handle = await open(join(this.dir, user, file), 'r');
      return handle.createReadStream();
    } catch (error) {
      if (isMissing(error)) throw new FileNotStoredError(`Nothing stored under ${key}`);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const [user, file] = keySegments(key);
    await rm(join(this.dir, user, file), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    // Only a whole user's directory is ever removed: `<user id>/` (the trailing slash optional).
    const user = prefixUser(prefix);
    await rm(join(this.dir, user), { recursive: true, force: true });
  }
}

/** Makes the rename itself durable; some file systems refuse to fsync a directory, which is fine. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: the file's own bytes are already synced.
  }
}
