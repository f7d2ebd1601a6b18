import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, migrationsFolder, openDatabase } from '@helo/db/client';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { postgresUrl } from './test-database.ts';

/**
 * A database as an older release left it, for a test of the migration that moves its data (0024: the
 * Wallet's rows into the ledger; 0025: the Nest, the fund, goals, investments and loans): migrated only
 * up to `lastTag`, seeded by the test as that release's code wrote its rows (SQL shaped like its writes,
 * or Drizzle on the tables that have not changed since), then migrated the rest of the way with
 * `migrateRest()` (the real folder, as a server start does). PGlite in memory by default; a database
 * of its own on TEST_DATABASE_URL when it is set, dropped on close.
 */
export interface DatabaseBefore {
  database: Database;
  /** Runs one statement with $1… parameters; answers its rows. */
  query<T extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Applies every migration after `lastTag`, as the server does at start-up; answers the database. */
  migrateRest(): Promise<Database>;
  close(): Promise<void>;
}

/** The driver under Drizzle (a pg Pool or a PGlite): both answer `query(text, params)` with rows. */
function rawQuery(database: Database): DatabaseBefore['query'] {
  const client = (
    database.db as unknown as { $client: { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> } }
  ).$client;
  return async (sql, params) => (await client.query(sql, params)).rows as never[];
}

async function migrated(database: Database): Promise<Database> {
  await database.migrate();
  return database;
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the migrations folder whose journal ends at `lastTag` (the SQL files of later ones are left out). */
function foldersUpTo(lastTag: string): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const kept = journal.entries.slice(0, last + 1);
  const dir = mkdtempSync(join(tmpdir(), 'helo-migrations-'));
  mkdirSync(join(dir, 'meta'));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }, null, 2));
  const files = new Set(kept.map((e) => `${e.tag}.sql`));
  for (const name of readdirSync(migrationsFolder)) {
    if (files.has(name)) copyFileSync(join(migrationsFolder, name), join(dir, name));
  }
  return dir;
}

export async function databaseBefore(lastTag: string): Promise<DatabaseBefore> {
  const folder = foldersUpTo(lastTag);
  try {
    if (postgresUrl) {
      const name = `helo_m_${randomBytes(5).toString('hex')}`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        try {
          await client.query(statement);
        } finally {
          await client.end();
        }
      };
      await admin(`CREATE DATABASE ${name}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.toString(), poolSize: 4 });
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await migratePg(drizzlePg(client), { migrationsFolder: folder });
      } finally {
        await client.end();
      }
      // Closed once, whoever closes it first (a test app given the database closes it too).
      const closeOnce = database.close.bind(database);
      let closing: Promise<void> | undefined;
      database.close = () => {
        closing ??= closeOnce();
        return closing;
      };
      return {
        database,
        query: rawQuery(database),
        migrateRest: () => migrated(database),
        async close() {
          await database.close();
          await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        },
      };
    }
    const database = await openDatabase({});
    if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
    await migratePglite(drizzlePglite(database.raw.client), { migrationsFolder: folder });
    return {
      database,
      query: rawQuery(database),
      migrateRest: () => migrated(database),
      close: () => database.close(),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
