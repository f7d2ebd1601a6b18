import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Database, migrationsFolder, openDatabase } from '@helo/db/client';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { dropPostgresDatabase, postgresUrl } from './test-database.ts';

/**
 * A database migrated only up to the migration before `tag`, for a migration's own test: the test
 * writes rows as the code before it did (SQL shaped like its writes), reads what that code showed,
 * then applies the rest (`migrateRest`) and reads the same through the API. PGlite by default,
 * PostgreSQL when TEST_DATABASE_URL is set (a database of its own, dropped on close).
 */
export interface DatabaseBefore {
  kind: 'pglite' | 'postgres';
  /** Runs one statement on the database as it was before the migration; answers its rows. */
  query<T extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Applies every migration left (the one under test first) and opens the database as the app does. */
  migrateRest(): Promise<Database>;
  /** Closes what is still open (and drops a PostgreSQL database made for the test). */
  close(): Promise<void>;
}

/** `close` once only, however many owners call it (the test's app closes the database it was given). */
function closingOnce(database: Database): Database {
  const close = database.close.bind(database);
  let closing: Promise<void> | undefined;
  database.close = () => {
    closing ??= close();
    return closing;
  };
  return database;
}

/** A copy of the migrations folder whose journal ends just before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'helo-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag} in the journal`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

export async function databaseBefore(tag: string): Promise<DatabaseBefore> {
  const folder = migrationsBefore(tag);
  const cleanUp = () => rmSync(folder, { recursive: true, force: true });
  return postgresUrl ? postgresBefore(postgresUrl, folder, cleanUp) : pgliteBefore(folder, cleanUp);
}

async function pgliteBefore(folder: string, cleanUp: () => void): Promise<DatabaseBefore> {
  const client = await PGlite.create({ extensions: { btree_gin, pg_trgm } });
  await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
  let closed = false;
  let opened: Database | undefined;
  return {
    kind: 'pglite',
    async query(sql, params) {
      return (await client.query(sql, params as unknown[])).rows as never[];
    },
    async migrateRest() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      // The app opens its own PGlite: it starts from this one's files.
      const dump = await client.dumpDataDir('none');
      await client.close();
      closed = true;
      opened = closingOnce(await openDatabase({ loadDataDir: dump }));
      return opened;
    },
    async close() {
      if (!closed) await client.close();
      await opened?.close();
      cleanUp();
    },
  };
}

async function postgresBefore(url: string, folder: string, cleanUp: () => void): Promise<DatabaseBefore> {
  const name = `helo_mig_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: own.toString() });
  await client.connect();
  await migratePg(drizzlePg(client), { migrationsFolder: folder });
  let opened: Database | undefined;
  let ended = false;
  return {
    kind: 'postgres',
    async query(sql, params) {
      return (await client.query(sql, params as unknown[])).rows;
    },
    async migrateRest() {
      await client.end();
      ended = true;
      opened = closingOnce(await openDatabase({ url: own.toString(), poolSize: 4 }));
      await opened.migrate();
      return opened;
    },
    async close() {
      if (!ended) await client.end();
      await opened?.close();
      await dropPostgresDatabase(url, name);
      cleanUp();
    },
  };
}
