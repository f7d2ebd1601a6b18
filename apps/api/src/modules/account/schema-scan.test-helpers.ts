import type { Db } from '@helo/db/client';
import { sql } from 'drizzle-orm';

/** Every table of every schema of the database (not PostgreSQL's own), as `schema.table`. */
export async function listTables(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      AND table_schema NOT LIKE 'pg\_%'
    ORDER BY 1`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((r) => r.name);
}

interface TextColumn {
  schema: string;
  table: string;
  column: string;
}

/** Columns that could hold an id or an address: uuid, text, json and arrays. */
async function textColumns(db: Db): Promise<TextColumn[]> {
  const result = (await db.execute(sql`
    SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
      AND c.table_schema NOT LIKE 'pg\_%'
      AND c.data_type IN ('uuid', 'text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
    ORDER BY 1, 2, 3`)) as unknown as { rows: TextColumn[] };
  return result.rows;
}

export interface Mention {
  table: string;
  column: string;
  rows: number;
}

/**
 * Every column of every table where some row holds the user's id or email address, anywhere in its
 * text (an id in a JSON job payload, an address in a mail's body), case-insensitively.
 */
export async function rowsMentioning(db: Db, user: { id: string; email: string }): Promise<Mention[]> {
  const needles = [user.id.toLowerCase(), user.email.toLowerCase()];
  const found: Mention[] = [];
  for (const c of await textColumns(db)) {
    const column = sql.identifier(c.column);
    const table = sql`${sql.identifier(c.schema)}.${sql.identifier(c.table)}`;
    const result = (await db.execute(sql`
      SELECT count(*)::int AS n FROM ${table}
      WHERE strpos(lower(${column}::text), ${needles[0]}) > 0 OR strpos(lower(${column}::text), ${needles[1]}) > 0`)) as unknown as {
      rows: { n: number }[];
    };
    const n = Number(result.rows[0]?.n ?? 0);
    if (n > 0) found.push({ table: `${c.schema}.${c.table}`, column: c.column, rows: n });
  }
  return found;
}
