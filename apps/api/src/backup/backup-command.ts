import {
  closeSync,
  createWriteStream,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '@helo/db/client';
import { clearStalePostmasterPid, DataDirLockedError, lockDataDir } from '../lib/data-dir-lock.ts';
import { BACKUP_EXTENSION, type BackupManifest, createBackupArchive, readBackupArchive } from './backup-archive.ts';
import { backupSocketPath, NoBackupServerError, requestBackup } from './backup-socket.ts';
import { commandEnv, describeTables, fail, POSTGRES_BACKUPS } from './command-env.ts';

// `npm run backup -- [FILE]`: a restorable copy of the embedded database, taken by the running server
// when there is one, else by this process with the data directory locked. The path is the last line
// printed, so a script can take it with `tail -n 1`.

const USAGE = `Usage: npm run backup -- [FILE]
Writes a backup of the embedded database in DATA_DIR (default ./data) to FILE,
or to ./backups/<time>${BACKUP_EXTENSION}, while the server runs or not. Prints the path last.`;

function timestamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

/** Streams the archive into `partial` (a new file), from the running server or the directory itself. */
async function takeBackup(dataDir: string, partial: string): Promise<{ source: string }> {
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    try {
      await requestBackup(dataDir, partial);
      return { source: 'the running server' };
    } catch (requestErr) {
      if (requestErr instanceof NoBackupServerError) {
        fail(
          `${err.message}\nIt did not answer on ${backupSocketPath(dataDir)}: if it is starting, run the backup again in a moment; ` +
            'if it is an older Helo that cannot take backups, stop it and run the backup again (it then reads the directory itself).',
        );
      }
      fail(`The backup failed: ${requestErr instanceof Error ? requestErr.message : String(requestErr)}`);
    }
  }
  try {
    const pgliteDir = join(dataDir, 'pglite');
    clearStalePostmasterPid(pgliteDir);
    const database = await openDatabase({ dataDir: pgliteDir });
    try {
      if (database.raw.kind !== 'pglite') throw new Error('expected the embedded database');
      const archive = await createBackupArchive(database.raw.client, dataDir);
      await pipeline(archive, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      return { source: 'the data directory' };
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/**
 * Written beside the target, checked, and linked into place: a cut-off or damaged backup never has
 * the final name.
 */
async function writeBackupFile(
  dataDir: string,
  target: string,
): Promise<{ source: string; manifest: BackupManifest; bytes: number }> {
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  try {
    const { source } = await takeBackup(dataDir, partial);
    const fd = openSync(partial, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    const { manifest } = await readBackupArchive(partial, 'The backup just taken');
    linkInPlace(partial, target);
    return { source, manifest, bytes: statSync(target).size };
  } finally {
    rmSync(partial, { force: true });
  }
}

function linkInPlace(partial: string, target: string): void {
  try {
    linkSync(partial, target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      fail(`${target} appeared meanwhile; the backup did not overwrite it.`);
    throw err;
  }
  const dir = openSync(dirname(target), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--help' || args[0] === '-h') {
    console.log(USAGE);
    return;
  }
  const env = commandEnv();
  if (env.databaseUrl) fail(POSTGRES_BACKUPS);
  if (args.length > 1 || args[0]?.startsWith('-')) fail(USAGE);
  const target = args[0]
    ? resolve(env.callerDir, args[0])
    : resolve('backups', `${timestamp(new Date())}${BACKUP_EXTENSION}`);
  if (existsSync(target)) fail(`${target} already exists; a backup never overwrites a file. Give another name.`);
  if (!existsSync(join(env.dataDir, 'pglite', 'PG_VERSION'))) {
    fail(`There is no Helo database in ${env.dataDir} (DATA_DIR) to back up.`);
  }
  const { source, manifest, bytes } = await writeBackupFile(env.dataDir, target);
  const size = `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(`Backed up ${env.dataDir} from ${source}: ${describeTables(manifest.tables)}, ${size}.`);
  console.log(target);
}

main().then(
  () => process.exit(0),
  (err: unknown) => fail(`The backup failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`),
);
