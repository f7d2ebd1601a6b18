import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the rest of the code sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver underneath, for libraries that bring their own queries (the job queue). */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  /** Applies pending migrations; safe when several servers start at once (advisory lock). */
  migrate(): Promise<void>;
  /** True when the database answers and every migration is applied. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres:// URL; when absent, embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string | undefined;
  /** A PGlite dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
}

// Any number works, as long as every server uses the same one.
const MIGRATION_LOCK_KEY = 7_342_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    raw: { kind: 'postgres', url },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ready: () => isMigrated(db),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | File | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // pg_trgm and btree_gin: My Wallet's search index (migrations 0014, 0015).
  const client = await PGlite.create(dataDir, {
    extensions: { btree_gin, pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    ready: () => isMigrated(db),
    async close() {
      if (closed) return;
      closed = true;
      // Flush everything to disk so the next start does not need crash recovery.
      if (dataDir) await client.query('CHECKPOINT').catch(() => {});
      await client.close();
    },
  };
}

async function isMigrated(db: Db): Promise<boolean> {
  try {
    const rows = await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    const count = Number((rows as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? 0);
    return count >= expectedMigrationCount();
  } catch {
    return false;
  }
}

let journalCount: number | undefined;
function expectedMigrationCount(): number {
  if (journalCount === undefined) {
    // drizzle-kit's journal lists every migration; ready means all of them are applied.
    const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
      entries: unknown[];
    };
    journalCount = journal.entries.length;
  }
  return journalCount;
}
