import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { migrationsFolder, openDatabase } from '@helo/db/client';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock.ts';
import { type Backup, BackupError, countRows, readBackupArchive } from './backup-archive.ts';
import { commandEnv, describeTables, fail, POSTGRES_BACKUPS } from './command-env.ts';

// `npm run restore -- FILE`: loads a backup into an empty DATA_DIR, checks every table's row count
// against the backup's manifest, and leaves the directory as it found it when anything fails.

const USAGE = `Usage: npm run restore -- FILE
Loads a backup made by \`npm run backup\` into DATA_DIR (default ./data), which must be empty or absent.`;

const LOCK_FILE = 'helo.lock';

function notEmpty(dataDir: string, entries: string[]): string {
  const shown = entries.slice(0, 3).join(', ') + (entries.length > 3 ? ', …' : '');
  return (
    `DATA_DIR ${dataDir} is not empty (it holds ${shown}). A restore only goes into an empty directory, ` +
    'so no database is overwritten: set DATA_DIR to a new directory, or stop the server and move this one away first.'
  );
}

function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

function mismatches(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names]
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name}: ${actual[name] ?? 'missing'} rows, the backup recorded ${expected[name] ?? 'none'}`);
}

async function restoreInto(dataDir: string, archive: string): Promise<void> {
  // Read again, now writing the Vault's files as they stream by (checked again on the way).
  const backup = await readBackupArchive(archive, archive, { extractTo: dataDir });
  for (const file of backup.dataDirFiles)
    writeFileSync(join(dataDir, file.name), file.data, { mode: 0o600, flag: 'wx' });
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite'), loadDataDir: new Blob([backup.database]) });
  try {
    if (database.raw.kind !== 'pglite') throw new Error('expected the embedded database');
    const wrong = mismatches(backup.manifest.tables, await countRows(database.raw.client));
    if (wrong.length > 0) {
      throw new BackupError(`The restored database does not match the backup:\n  ${wrong.slice(0, 10).join('\n  ')}`);
    }
  } finally {
    await database.close();
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
  const [name] = args;
  if (!name || args.length > 1 || name.startsWith('-')) fail(USAGE);
  const file = resolve(env.callerDir, name);
  if (!existsSync(file)) fail(`${file} does not exist.`);
  let backup: Backup;
  try {
    // First a full read that only checks, so a damaged backup is refused before DATA_DIR is touched.
    backup = await readBackupArchive(file, file);
  } catch (err) {
    if (err instanceof BackupError) fail(err.message);
    throw err;
  }
  const applied = backup.manifest.tables['drizzle.__drizzle_migrations'] ?? 0;
  if (applied > knownMigrations()) {
    fail(
      `${file} was made by a newer Helo (${applied} migrations; this one knows ${knownMigrations()}). Restore it with that version.`,
    );
  }

  const { dataDir } = env;
  const existed = existsSync(dataDir);
  if (existed && readdirSync(dataDir).length > 0) fail(notEmpty(dataDir, readdirSync(dataDir)));
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError)
      fail(`${err.message} A restore needs an empty DATA_DIR that no server uses.`);
    throw err;
  }
  let failure: unknown;
  try {
    // Checked again under the lock: a server may have started between the first look and the lock.
    const others = readdirSync(dataDir).filter((n) => n !== LOCK_FILE);
    if (others.length > 0) throw new BackupError(notEmpty(dataDir, others));
    try {
      await restoreInto(dataDir, file);
    } catch (err) {
      // Leave the directory empty again, so fixing the cause and running the restore again works.
      for (const entry of readdirSync(dataDir)) {
        if (entry !== LOCK_FILE) rmSync(join(dataDir, entry), { recursive: true, force: true });
      }
      throw err;
    }
  } catch (err) {
    failure = err;
  } finally {
    release();
  }
  if (failure !== undefined) {
    if (!existed) rmdirSync(dataDir);
    if (failure instanceof BackupError) fail(failure.message);
    throw failure;
  }
  console.log(
    `Restored ${file} (taken ${backup.manifest.created_at}): ${describeTables(backup.manifest.tables)}${backup.vaultFiles > 0 ? `, ${backup.vaultFiles} Vault file${backup.vaultFiles === 1 ? '' : 's'}` : ''}, every count checked.`,
  );
  console.log(`Start the server with DATA_DIR=${dataDir} to use it.`);
  console.log(dataDir);
}

main().then(
  () => process.exit(0),
  (err: unknown) => fail(`The restore failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`),
);
