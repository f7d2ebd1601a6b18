import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Database, openDatabase } from '@helo/db/client';
import { notifications, users } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/accounts.ts';
import { type SeededUser, seedEveryTable } from '../../test/harness/seed-every-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { lockDataDir } from '../lib/data-dir-lock.ts';
import { DiskStorage, decryptStream, encryptStream, fileContext, newDataKey } from '../modules/vault/testing.ts';
import { countRows, type PgliteClient, readBackupArchive } from './backup-archive.ts';
import { runCommand } from './backup-commands.test-helpers.ts';
import { type BackupServer, requestBackup, serveBackups } from './backup-socket.ts';

// The app in this process on a PGlite data directory of its own, locked and answering backups as
// `node src/server.ts` does, so `npm run backup` must ask it. Always PGlite, also on the PostgreSQL
// run: the embedded database is the only one these commands back up.

let work: string;
let dataDir: string;
let releaseLock: () => void;
let t: TestApp;
let backups: BackupServer;
let seeded: SeededUser[];
const logLines: string[] = [];
const vaultUser = randomUUID();
const vaultFile = randomUUID();
const vaultKey = `${vaultUser}/${vaultFile}`;
const vaultContext = fileContext(vaultUser, vaultFile);
const vaultDataKey = newDataKey();
// Bigger than a stream's read buffer, small beside the database dump (a later test flips a byte mid-file).
const vaultPlain = Buffer.from(Array.from({ length: 20_000 }, (_, i) => `line ${i} of a scanned passport\n`).join(''));

function pglite(database: Database): PgliteClient {
  if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
  return database.raw.client;
}

/** Every row of every table, as JSON text, sorted: two databases with the same data give the same. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const client = pglite(database);
  const out: Record<string, string[]> = {};
  for (const table of Object.keys(await countRows(client))) {
    const { rows } = await client.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY 1`);
    out[table] = rows.map((r) => r.row);
  }
  return out;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'helo-backup-'));
  dataDir = join(work, 'data');
  releaseLock = lockDataDir(dataDir);
  // What loadConfig() keeps there outside production (the test config passes its secrets directly).
  writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ jwtSecret: 'kept-with-the-database' }), {
    mode: 0o600,
  });
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  await database.migrate();
  const logStream = new PassThrough();
  logStream.on('data', (chunk) => logLines.push(...String(chunk).split('\n')));
  t = await createTestApp({ database, config: { logLevel: 'info' }, logStream });
  seeded = await seedEveryTable(t);
  // A Vault document stored as the service stores one: encrypted, under <DATA_DIR>/vault.
  await new DiskStorage(join(dataDir, 'vault')).write(
    vaultKey,
    Readable.from([vaultPlain]).pipe(encryptStream(vaultDataKey, vaultContext)),
  );
  backups = await serveBackups(pglite(database), dataDir, t.app.log);
}, 120_000);

afterAll(async () => {
  await backups?.close();
  await t?.close();
  releaseLock?.();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  it('back up the running app while it answers requests; the restore has every table row for row', async () => {
    const original = await contents(t.database);
    const empty = Object.entries(original).filter(([name, rows]) => name.startsWith('public.') && rows.length === 0);
    expect(empty.map(([name]) => name)).toEqual([]);

    const file = join(work, 'while-serving.helo.tar');
    const backup = runCommand('backup', [file], { DATA_DIR: dataDir });
    let finished = false;
    void backup.finally(() => {
      finished = true;
    });
    const answers: number[] = [];
    while (!finished || answers.length === 0) {
      // inject() and PGlite settle in microtasks: let the event loop read the backup's socket too.
      await new Promise((resolve) => setImmediate(resolve));
      for (const user of seeded) {
        const res = await t.app.inject({ url: '/api/v1/user-debts', headers: bearer(user.accessToken) });
        answers.push(res.statusCode);
      }
    }
    const result = await backup;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/from the running server: 2 users, [\d,]+ rows in \d+ tables/);
    expect(result.lastLine).toBe(file);
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restoredDir = join(work, 'restored');
    const restore = await runCommand('restore', [file], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.lastLine).toBe(restoredDir);
    expect(readdirSync(restoredDir).sort()).toEqual(['pglite', 'secrets.json', 'vault']);
    expect(readFileSync(join(restoredDir, 'secrets.json'), 'utf8')).toBe(
      readFileSync(join(dataDir, 'secrets.json'), 'utf8'),
    );
    expect(restore.stdout).toMatch(/, 1 Vault file, every count checked/);

    // The Vault's document came back byte for byte, private to the server, and still opens.
    const restoredVault = join(restoredDir, 'vault');
    expect(readdirSync(restoredVault)).toEqual([vaultUser]);
    const stored = readFileSync(join(restoredVault, vaultKey));
    expect(stored.equals(readFileSync(join(dataDir, 'vault', vaultKey)))).toBe(true);
    expect(statSync(join(restoredVault, vaultKey)).mode & 0o777).toBe(0o600);
    expect(statSync(join(restoredVault, vaultUser)).mode & 0o777).toBe(0o700);
    const opened: Buffer[] = [];
    await pipeline(
      await new DiskStorage(restoredVault).read(vaultKey),
      decryptStream(vaultDataKey, vaultContext),
      async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) opened.push(chunk);
      },
    );
    expect(Buffer.concat(opened).equals(vaultPlain)).toBe(true);
    // The snapshot the backup streamed from is gone.
    expect(readdirSync(join(dataDir, 'vault'))).toEqual([vaultUser]);

    const restored = await openDatabase({ dataDir: join(restoredDir, 'pglite') });
    try {
      expect(await contents(restored)).toEqual(original);
    } finally {
      await restored.close();
    }
  });

  it('a transaction open when the backup is asked for is in the backup whole', async () => {
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    let inserted = () => {};
    const firstStatement = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const email = 'mid-transaction@example.com';
    const transaction = t.database.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, firstName: 'Mid', lastName: 'Transaction', passwordHash: 'not-a-hash' })
        .returning({ id: users.id });
      inserted();
      await gate;
      await tx
        .insert(notifications)
        .values({ userId: user?.id as string, kind: 'test', title: 'Second statement', message: 'same transaction' });
    });
    await firstStatement;
    const asked = logLines.length;
    const archiveFile = join(work, 'mid-transaction.helo.tar');
    const archive = requestBackup(dataDir, archiveFile);
    while (!logLines.slice(asked).some((l) => l.includes('backup requested'))) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    openGate();
    await transaction;

    await archive;
    const backup = await readBackupArchive(archiveFile, 'the backup');
    const copy = await openDatabase({ loadDataDir: new Blob([backup.database]) });
    try {
      const [user] = await copy.db.select().from(users).where(eq(users.email, email));
      expect(user?.firstName).toBe('Mid');
      const notes = await copy.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, user?.id as string));
      expect(notes.map((n) => n.title)).toEqual(['Second statement']);
      expect(backup.manifest.tables['public.users']).toBe(seeded.length + 1);
    } finally {
      await copy.close();
    }
  });

  it('restore refuses a DATA_DIR that is not empty, and leaves it as it was', async () => {
    const full = join(work, 'not-empty');
    mkdirSync(full);
    writeFileSync(join(full, 'notes.txt'), 'mine');
    const file = join(work, 'for-refusals.helo.tar');
    expect((await runCommand('backup', [file], { DATA_DIR: dataDir })).code).toBe(0);

    const refused = await runCommand('restore', [file], { DATA_DIR: full });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/DATA_DIR .*not-empty is not empty \(it holds notes\.txt\)/);
    expect(readdirSync(full)).toEqual(['notes.txt']);

    const running = await runCommand('restore', [file], { DATA_DIR: dataDir });
    expect(running.code).toBe(1);
    expect(running.stderr).toMatch(/is not empty/);
  });

  it('restore refuses a damaged backup and does not create DATA_DIR', async () => {
    const file = join(work, 'for-refusals.helo.tar');
    const damaged = join(work, 'damaged.helo.tar');
    const bytes = readFileSync(file);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] as number) ^ 0xff;
    writeFileSync(damaged, bytes);
    const target = join(work, 'never-created');

    const refused = await runCommand('restore', [damaged], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/damaged\.helo\.tar is damaged: pglite\.tar\.gz does not match its checksum/);
    expect(existsSync(target)).toBe(false);

    // A Vault file's bytes damaged: refused by its own checksum, before DATA_DIR exists.
    const vaultDamaged = join(work, 'vault-damaged.helo.tar');
    const copy = readFileSync(file);
    // The last mention: the first is in the manifest, the tar header comes after it.
    const entry = copy.lastIndexOf(`vault/${vaultKey}`);
    expect(entry).toBeGreaterThan(0);
    copy[entry + 512 + 100] = (copy[entry + 512 + 100] as number) ^ 0x01;
    writeFileSync(vaultDamaged, copy);
    const refusedVault = await runCommand('restore', [vaultDamaged], { DATA_DIR: target });
    expect(refusedVault.code).toBe(1);
    expect(refusedVault.stderr).toContain(`is damaged: vault/${vaultKey} does not match its checksum`);
    expect(existsSync(target)).toBe(false);

    // Cut short inside the Vault file: refused too.
    const cut = join(work, 'vault-cut.helo.tar');
    writeFileSync(cut, copy.subarray(0, entry + 512 + 1000));
    const refusedCut = await runCommand('restore', [cut], { DATA_DIR: target });
    expect(refusedCut.code).toBe(1);
    expect(refusedCut.stderr).toMatch(/is not a Helo backup or is damaged: .*cut off/);
    expect(existsSync(target)).toBe(false);

    const notBackup = join(work, 'notes.txt');
    writeFileSync(notBackup, 'hello');
    const wrong = await runCommand('restore', [notBackup], { DATA_DIR: target });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/is not a Helo backup/);
  });

  it('backup never overwrites a file', async () => {
    const file = join(work, 'for-refusals.helo.tar');
    const before = readFileSync(file);
    const again = await runCommand('backup', [file], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('on PostgreSQL both commands point to pg_dump and pg_restore instead', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://helo@127.0.0.1:5432/helo' };
    const backup = await runCommand('backup', [], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/pg_dump --format=custom/);
    const restore = await runCommand('restore', [join(work, 'for-refusals.helo.tar')], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/pg_restore/);
  });
});
