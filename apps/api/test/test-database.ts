import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Database, migrationsFolder, openDatabase } from '@helo/db/client';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * The API tests run on embedded PGlite, or on PostgreSQL when TEST_DATABASE_URL is set (CI).
 * Each test file gets its own database cloned from one migrated template, so files run in
 * parallel without seeing each other's rows.
 */
export const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

export async function buildPgliteTemplate(): Promise<Blob> {
  const client = await PGlite.create({ extensions: { btree_gin, pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function buildPostgresTemplate(url: string): Promise<string> {
  const name = `helo_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(url, (c) => c.query(`CREATE DATABASE ${name}`));
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 1 });
  await database.migrate();
  await database.close();
  return name;
}

export async function dropPostgresDatabase(url: string, name: string): Promise<void> {
  await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** A fresh, migrated database for one test file. */
export async function openTestDatabase(template: { pgliteDump?: Blob; postgresTemplate?: string }): Promise<Database> {
  if (postgresUrl && template.postgresTemplate) {
    const name = `helo_t_${randomBytes(5).toString('hex')}`;
    await admin(postgresUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template.postgresTemplate}`));
    const database = await openDatabase({ url: withDatabase(postgresUrl, name), poolSize: 4 });
    const close = database.close.bind(database);
    database.close = async () => {
      await close();
      await dropPostgresDatabase(postgresUrl, name);
    };
    return database;
  }
  return openDatabase({ loadDataDir: template.pgliteDump });
}
