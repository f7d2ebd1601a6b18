import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { link, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '@helo/db/client';
import { z } from 'zod';
import { keySegments } from '../modules/vault/index.ts';
import { readTarStream, TAR_END, TarError, tarHeader, tarPadding } from './tar.ts';

/**
 * A Helo backup is a plain tar holding `manifest.json` (what is inside, row counts, checksums),
 * `pglite.tar.gz` (PGlite's own dump of its data directory) and the files of DATA_DIR a restored
 * server needs beside the database (`secrets.json`: outside production it holds the JWT secret and
 * the master keys that seal TOTP secrets and the Vault's file keys, without which 2FA accounts could
 * not sign in nor documents open), and the Vault's documents (`vault/<user id>/<file id>`, already
 * ciphertext) when they are kept on disk. Vault files can be gigabytes, so they are streamed into
 * and out of the tar one at a time, never held in memory; the manifest lists each with its bytes
 * and sha256 like every other file. With the Vault in S3 there is no `vault/` here: back up the
 * bucket itself (README).
 */
export type PgliteClient = Extract<Database['raw'], { kind: 'pglite' }>['client'];

export const BACKUP_EXTENSION = '.helo.tar';
const MANIFEST = 'manifest.json';
const DATABASE_DUMP = 'pglite.tar.gz';
/** Files of DATA_DIR kept with the database; a feature that stores files there adds them here. */
const DATA_DIR_FILES = ['secrets.json'];
/** The Vault's directory in DATA_DIR (config.vaultDir) and its entries' prefix in the tar. */
const VAULT = 'vault';
/** A hard-linked copy of the Vault taken with the database dump, inside the Vault so on its file system. */
const SNAPSHOT_PREFIX = '.backup-';

const manifestSchema = z.object({
  format: z.literal('helo-backup'),
  version: z.literal(1),
  created_at: z.string(),
  postgres_version: z.string(),
  /** Rows of every table at the moment of the dump, "schema.table" → count. */
  tables: z.record(z.string(), z.number().int().min(0)),
  files: z.record(z.string(), z.object({ bytes: z.number().int().min(0), sha256: z.string() })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {}

interface Queryable {
  query<T>(query: string): Promise<{ rows: T[] }>;
}

/** Every table but PostgreSQL's own: Helo's, drizzle's migration list, pg-boss's queue. */
export async function countRows(db: Queryable): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
     ORDER BY 1`,
  );
  if (tables.length === 0) return {};
  const counts = tables.map(
    ({ name }) => `SELECT '${name.replaceAll("'", "''")}' AS name, count(*)::int AS n FROM ${name}`,
  );
  const { rows } = await db.query<{ name: string; n: number }>(counts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

interface VaultEntry {
  /** `vault/<user id>/<file id>` in the tar and the manifest. */
  name: string;
  /** The snapshot's link to the file. */
  path: string;
  bytes: number;
  sha256: string;
}

/**
 * Hard-links every stored Vault file into a fresh snapshot directory. Taken while the database dump
 * holds every transaction back, so the backup's files are exactly those the dumped rows can point
 * to: a document deleted or uploaded while the archive streams changes neither. Stored files are
 * never rewritten in place (DiskStorage writes a new name and renames), so a link is a frozen copy
 * that costs no space. Unfinished uploads (hidden `.tmp-` names) and older snapshots are skipped.
 */
async function snapshotVault(vaultDir: string): Promise<string | undefined> {
  if (!existsSync(vaultDir)) return undefined;
  await removeStaleSnapshots(vaultDir);
  const snapshot = join(vaultDir, `${SNAPSHOT_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(snapshot, { mode: 0o700 });
  try {
    for (const user of await readdir(vaultDir, { withFileTypes: true })) {
      if (!user.isDirectory() || user.name.startsWith('.')) continue;
      const files = (await readdir(join(vaultDir, user.name), { withFileTypes: true })).filter(
        (f) => f.isFile() && !f.name.startsWith('.'),
      );
      if (files.length === 0) continue;
      await mkdir(join(snapshot, user.name), { mode: 0o700 });
      for (const file of files) {
        try {
          await link(join(vaultDir, user.name, file.name), join(snapshot, user.name, file.name));
        } catch (error) {
          // Deleted between the listing and the link: it is not in the snapshot, as it is not on disk.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    }
  } catch (error) {
    await rm(snapshot, { recursive: true, force: true });
    throw error;
  }
  return snapshot;
}

/** A backup killed mid-stream leaves its snapshot; a day later it is surely not streaming any more. */
async function removeStaleSnapshots(vaultDir: string): Promise<void> {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of await readdir(vaultDir)) {
    if (!name.startsWith(SNAPSHOT_PREFIX)) continue;
    const path = join(vaultDir, name);
    if ((await stat(path)).mtimeMs < dayAgo) await rm(path, { recursive: true, force: true });
  }
}

/** Sizes and checksums of the snapshot's files: the manifest comes first in the tar, so a first pass. */
async function listSnapshot(snapshot: string): Promise<VaultEntry[]> {
  const entries: VaultEntry[] = [];
  for (const user of (await readdir(snapshot)).sort()) {
    for (const file of (await readdir(join(snapshot, user))).sort()) {
      const path = join(snapshot, user, file);
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of createReadStream(path)) {
        hash.update(chunk as Buffer);
        bytes += (chunk as Buffer).length;
      }
      entries.push({ name: `${VAULT}/${user}/${file}`, path, bytes, sha256: hash.digest('hex') });
    }
  }
  return entries;
}

/**
 * Dumps the database at a moment when no transaction is open. PGlite runs one statement at a time,
 * but a request's transaction is several statements with awaits between them, and its own
 * `dumpDataDir` only waits for the statement running. `transaction()` holds PGlite's transaction
 * lock until its callback returns (every query, exec and pg-boss statement takes that lock), so
 * inside it nobody else's transaction is half done; the counts, the dump and the Vault snapshot see
 * the same rows. Returns the archive as a stream; the snapshot is removed once it ended or failed.
 */
export async function createBackupArchive(client: PgliteClient, dataDir: string, now = new Date()): Promise<Readable> {
  const { tables, postgresVersion, dump, snapshot } = await client.transaction(async (tx) => {
    const tables = await countRows(tx);
    const { rows } = await tx.query<{ server_version: string }>('SHOW server_version');
    // Written pages are flushed first, so the restored copy starts without replaying WAL.
    await tx.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('gzip');
    const snapshot = await snapshotVault(join(dataDir, VAULT));
    return { tables, postgresVersion: rows[0]?.server_version ?? 'unknown', dump, snapshot };
  });
  const removeSnapshot = async () => {
    if (snapshot) await rm(snapshot, { recursive: true, force: true });
  };
  try {
    const entries = [{ name: DATABASE_DUMP, data: Buffer.from(await dump.arrayBuffer()) }];
    for (const name of DATA_DIR_FILES) {
      const path = join(dataDir, name);
      if (existsSync(path)) entries.push({ name, data: readFileSync(path) });
    }
    const vault = snapshot ? await listSnapshot(snapshot) : [];
    const manifest: BackupManifest = {
      format: 'helo-backup',
      version: 1,
      created_at: now.toISOString(),
      postgres_version: postgresVersion,
      tables,
      files: Object.fromEntries([
        ...entries.map((e) => [e.name, { bytes: e.data.length, sha256: sha256(e.data) }] as const),
        ...vault.map((v) => [v.name, { bytes: v.bytes, sha256: v.sha256 }] as const),
      ]),
    };
    const manifestEntry = { name: MANIFEST, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
    return Readable.from(archiveChunks([manifestEntry, ...entries], vault, now, removeSnapshot));
  } catch (error) {
    await removeSnapshot();
    throw error;
  }
}

async function* archiveChunks(
  entries: { name: string; data: Buffer }[],
  vault: VaultEntry[],
  mtime: Date,
  done: () => Promise<void>,
): AsyncGenerator<Buffer> {
  try {
    for (const entry of entries) {
      yield tarHeader(entry.name, entry.data.length, mtime);
      yield entry.data;
      yield tarPadding(entry.data.length);
    }
    for (const entry of vault) {
      yield tarHeader(entry.name, entry.bytes, mtime);
      let sent = 0;
      for await (const chunk of createReadStream(entry.path)) {
        sent += (chunk as Buffer).length;
        if (sent > entry.bytes) break;
        yield chunk as Buffer;
      }
      // A linked file never changes; if it did, the tar's sizes would lie, so stop rather than write it.
      if (sent !== entry.bytes) throw new BackupError(`${entry.name} changed while the backup was read`);
      yield tarPadding(entry.bytes);
    }
    yield TAR_END;
  } finally {
    // Runs on the last chunk, on an error, and when the reader gives up (the stream destroyed).
    await done();
  }
}

export interface Backup {
  manifest: BackupManifest;
  database: Buffer;
  /** Files to write into DATA_DIR beside the database. */
  dataDirFiles: { name: string; data: Buffer }[];
  /** How many Vault files the backup holds (written into DATA_DIR/vault when extracting). */
  vaultFiles: number;
}

/**
 * Reads and checks a backup file as a stream: a file that is not one, or is damaged, is a
 * BackupError saying which. With `extractTo`, the Vault's files are written into
 * `<extractTo>/vault` as they stream by (0700 directories, 0600 files); the caller removes them if
 * this throws, since a file that fails its checksum is only known at its end.
 */
export async function readBackupArchive(
  path: string,
  label: string,
  options: { extractTo?: string } = {},
): Promise<Backup> {
  let manifest: BackupManifest | undefined;
  const small = new Map<string, Buffer>();
  const seen = new Set<string>();
  let vaultFiles = 0;
  const expected = (name: string) => {
    if (!manifest) throw new BackupError(`${label} is not a Helo backup (it has no ${MANIFEST}).`);
    return manifest.files[name];
  };
  const check = (name: string, bytes: number, digest: string) => {
    const want = expected(name);
    if (!want) return;
    if (bytes !== want.bytes || digest !== want.sha256) {
      throw new BackupError(`${label} is damaged: ${name} does not match its checksum.`);
    }
    seen.add(name);
  };
  try {
    await readTarStream(createReadStream(path), async (name, _size, body) => {
      if (name === MANIFEST && !manifest) {
        const data = await collect(body);
        try {
          manifest = manifestSchema.parse(JSON.parse(data.toString('utf8')));
        } catch {
          throw new BackupError(`${label} is not a Helo backup this version can read (its ${MANIFEST} is not one).`);
        }
        return;
      }
      if (name.startsWith(`${VAULT}/`)) {
        const key = name.slice(VAULT.length + 1);
        // A name that is not <user id>/<file id> could point outside DATA_DIR: never written.
        try {
          keySegments(key);
        } catch {
          throw new BackupError(`${label} is damaged: ${name} is not a Vault file name.`);
        }
        if (!expected(name)) return;
        const { bytes, digest } = await vaultEntry(key, body, options.extractTo);
        check(name, bytes, digest);
        vaultFiles += 1;
        return;
      }
      const data = await collect(body);
      check(name, data.length, sha256(data));
      small.set(name, data);
    });
  } catch (err) {
    if (err instanceof TarError) throw new BackupError(`${label} is not a Helo backup or is damaged: ${err.message}.`);
    throw err;
  }
  if (!manifest) throw new BackupError(`${label} is not a Helo backup (it has no ${MANIFEST}).`);
  for (const name of Object.keys(manifest.files)) {
    if (!seen.has(name)) throw new BackupError(`${label} is damaged: ${name} is missing.`);
  }
  const database = small.get(DATABASE_DUMP);
  if (!database) throw new BackupError(`${label} is damaged: ${DATABASE_DUMP} is missing.`);
  const files = manifest.files;
  const dataDirFiles = DATA_DIR_FILES.flatMap((name) => {
    const data = small.get(name);
    return data && files[name] ? [{ name, data }] : [];
  });
  return { manifest, database, dataDirFiles, vaultFiles };
}

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

/** Hashes a Vault entry as it streams by, writing it under `<dataDir>/vault` when restoring. */
async function vaultEntry(
  key: string,
  body: AsyncIterable<Buffer>,
  dataDir: string | undefined,
): Promise<{ bytes: number; digest: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const [user, file] = keySegments(key);
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  if (dataDir) {
    await mkdir(join(dataDir, VAULT), { recursive: true, mode: 0o700 });
    await mkdir(join(dataDir, VAULT, user), { recursive: true, mode: 0o700 });
    handle = await open(join(dataDir, VAULT, user, file), 'wx', 0o600);
  }
  try {
    for await (const chunk of body) {
      hash.update(chunk);
      bytes += chunk.length;
      if (handle) await handle.write(chunk);
    }
    await handle?.sync();
  } finally {
    await handle?.close();
  }
  return { bytes, digest: hash.digest('hex') };
}
