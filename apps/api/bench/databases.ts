import { randomBytes } from 'node:crypto';
import { type Database, openDatabase } from '@helo/db/client';
import pg from 'pg';

/**
 * The bench never writes into a database somebody uses: on PostgreSQL it creates a throwaway
 * database on the server of BENCH_DATABASE_URL, DATABASE_URL or 127.0.0.1:5432 (the first that is
 * set), and drops it afterwards. No server reachable means the PostgreSQL runs are skipped, loudly.
 */
export interface BenchDatabase {
  label: string;
  open(poolSize?: number): Promise<Database>;
  drop(): Promise<void>;
}

export const pgliteDatabase: BenchDatabase = {
  label: 'PGlite (embedded)',
  async open() {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  },
  async drop() {},
};

function adminUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function throwawayPostgres(): Promise<BenchDatabase | undefined> {
  const server = adminUrl();
  const name = `helo_bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin(server, `CREATE DATABASE ${name}`);
  } catch (err) {
    console.log(`\nPostgreSQL skipped: ${new URL(server).host} is not reachable (${(err as Error).message})`);
    return undefined;
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  let migrated = false;
  return {
    label: `PostgreSQL ${url.host}/${name} (dropped afterwards)`,
    async open(poolSize?: number) {
      const database = await openDatabase({ url: url.toString(), ...(poolSize ? { poolSize } : {}) });
      if (!migrated) await database.migrate();
      migrated = true;
      return database;
    },
    drop: () => admin(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
