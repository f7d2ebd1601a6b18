import { resolve } from 'node:path';

/**
 * What `npm run backup` and `npm run restore` read of the environment. Not `loadConfig()`: that
 * writes a new secrets.json into DATA_DIR outside production, which a restore must not find there.
 */
export interface CommandEnv {
  databaseUrl: string | undefined;
  /** DATA_DIR, resolved like the server resolves it (against the working directory). */
  dataDir: string;
  /** Where the person typed the command: `npm run` moves to the project root, INIT_CWD keeps it. */
  callerDir: string;
}

export function commandEnv(env: NodeJS.ProcessEnv = process.env): CommandEnv {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR || './data'),
    callerDir: env.INIT_CWD || process.cwd(),
  };
}

export const POSTGRES_BACKUPS = `Helo is on PostgreSQL here (DATABASE_URL is set); these commands back up the embedded database only.
Back up PostgreSQL with its own tools:
  pg_dump --format=custom --file=helo.dump "$DATABASE_URL"
and restore into an empty database with:
  pg_restore --no-owner --dbname="$DATABASE_URL" helo.dump
See "Backups" in README.md.`;

/** Ends the command with a message a person can act on (no stack) and exit code 1. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/** "2 users, 1,234 rows in 46 tables", from a backup's row counts. */
export function describeTables(tables: Record<string, number>): string {
  const counts = Object.values(tables);
  const rows = counts.reduce((a, b) => a + b, 0);
  return `${plural(tables['public.users'] ?? 0, 'user')}, ${plural(rows, 'row')} in ${plural(counts.length, 'table')}`;
}
