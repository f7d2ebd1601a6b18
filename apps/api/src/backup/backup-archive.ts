import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '@helo/db/client';
import { z } from 'zod';
import { readTar, TarError, writeTar } from './tar.ts';

/**
 * A Helo backup is a plain tar holding `manifest.json` (what is inside, row counts, checksums),
 * `pglite.tar.gz` (PGlite's own dump of its data directory) and the files of DATA_DIR a restored
 * server needs beside the database (`secrets.json`: outside production it holds the JWT secret and
 * the master key that seals TOTP secrets, without which 2FA accounts could not sign in).
 */
export type PgliteClient = Extract<Database['raw'], { kind: 'pglite' }>['client'];

export const BACKUP_EXTENSION = '.helo.tar';
const MANIFEST = 'manifest.json';
const DATABASE_DUMP = 'pglite.tar.gz';
/** Files of DATA_DIR kept with the database; a feature that stores files there adds them here. */
const DATA_DIR_FILES = ['secrets.json'];

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

/**
 * Dumps the database at a moment when no transaction is open. PGlite runs one statement at a time,
 * but a request's transaction is several statements with awaits between them, and its own
 * `dumpDataDir` only waits for the statement running. `transaction()` holds PGlite's transaction
 * lock until its callback returns (every query, exec and pg-boss statement takes that lock), so
 * inside it nobody else's transaction is half done; the counts and the dump see the same rows.
 */
export async function createBackupArchive(client: PgliteClient, dataDir: string, now = new Date()): Promise<Buffer> {
  const { tables, postgresVersion, dump } = await client.transaction(async (tx) => {
    const tables = await countRows(tx);
    const { rows } = await tx.query<{ server_version: string }>('SHOW server_version');
    // Written pages are flushed first, so the restored copy starts without replaying WAL.
    await tx.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('gzip');
    return { tables, postgresVersion: rows[0]?.server_version ?? 'unknown', dump };
  });
  const entries = [{ name: DATABASE_DUMP, data: Buffer.from(await dump.arrayBuffer()) }];
  for (const name of DATA_DIR_FILES) {
    const path = join(dataDir, name);
    if (existsSync(path)) entries.push({ name, data: readFileSync(path) });
  }
  const manifest: BackupManifest = {
    format: 'helo-backup',
    version: 1,
    created_at: now.toISOString(),
    postgres_version: postgresVersion,
    tables,
    files: Object.fromEntries(entries.map((e) => [e.name, { bytes: e.data.length, sha256: sha256(e.data) }])),
  };
  const manifestEntry = { name: MANIFEST, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
  return writeTar([manifestEntry, ...entries], now);
}

export interface Backup {
  manifest: BackupManifest;
  database: Buffer;
  /** Files to write into DATA_DIR beside the database. */
  dataDirFiles: { name: string; data: Buffer }[];
}

/** Reads and checks a backup: a file that is not one, or is damaged, is a BackupError saying which. */
export function readBackupArchive(archive: Buffer, label: string): Backup {
  let entries: ReturnType<typeof readTar>;
  try {
    entries = readTar(archive);
  } catch (err) {
    if (err instanceof TarError) throw new BackupError(`${label} is not a Helo backup or is damaged: ${err.message}.`);
    throw err;
  }
  const manifestEntry = entries.find((e) => e.name === MANIFEST);
  if (!manifestEntry) throw new BackupError(`${label} is not a Helo backup (it has no ${MANIFEST}).`);
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestEntry.data.toString('utf8')));
  } catch {
    throw new BackupError(`${label} is not a Helo backup this version can read (its ${MANIFEST} is not one).`);
  }
  const byName = new Map(entries.map((e) => [e.name, e.data]));
  for (const [name, expected] of Object.entries(manifest.files)) {
    const data = byName.get(name);
    if (!data) throw new BackupError(`${label} is damaged: ${name} is missing.`);
    if (data.length !== expected.bytes || sha256(data) !== expected.sha256) {
      throw new BackupError(`${label} is damaged: ${name} does not match its checksum.`);
    }
  }
  const database = byName.get(DATABASE_DUMP);
  if (!database) throw new BackupError(`${label} is damaged: ${DATABASE_DUMP} is missing.`);
  const dataDirFiles = DATA_DIR_FILES.flatMap((name) => {
    const data = byName.get(name);
    return data && manifest.files[name] ? [{ name, data }] : [];
  });
  return { manifest, database, dataDirFiles };
}
