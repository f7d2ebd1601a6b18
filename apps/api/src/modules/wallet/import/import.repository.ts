import { UNCATEGORIZED } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import { type WalletImportRow, walletImports, walletTransactions } from '@helo/db/schema';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { ExistingTransaction, ImportFormat, ImportRow } from './import-preview.ts';
import { notStaged } from './staging.repository.ts';

/**
 * Rows per INSERT. Each chunk goes in as one JSON parameter that PostgreSQL unpacks
 * (jsonb_to_recordset): building a statement of thousands of bound values costs more than the
 * insert itself (10,000 rows took 5 s through the query builder's VALUES lists, 0.6 s this way).
 */
const INSERT_CHUNK = 2_000;

export async function insertImport(
  db: Db,
  userId: string,
  file: { fileName: string; format: ImportFormat; content: string },
  now: Date,
): Promise<WalletImportRow> {
  const [row] = await db
    .insert(walletImports)
    .values({ userId, ...file, createdAt: now })
    .returning();
  if (!row) throw new Error('insert into wallet_imports returned no row');
  return row;
}

export async function findImport(db: Db, userId: string, id: string): Promise<WalletImportRow | undefined> {
  const [row] = await db
    .select()
    .from(walletImports)
    .where(and(eq(walletImports.id, id), eq(walletImports.userId, userId)))
    .limit(1);
  return row;
}

/** The import, locked until the transaction ends (the commit holds the Nest's lock already). */
export async function lockImport(tx: Db, userId: string, id: string): Promise<WalletImportRow | undefined> {
  const [row] = await tx
    .select()
    .from(walletImports)
    .where(and(eq(walletImports.id, id), eq(walletImports.userId, userId)))
    .for('update');
  return row;
}

/** File rows per duplicate query: one query over 100,000 rows held PGlite for seconds. */
const DUPLICATE_QUERY_ROWS = 2_000;

/**
 * The user's transactions a file's rows could duplicate: those on the same day with the same amount
 * (the payee is compared by the caller, in one notion of "any case"), and those with one of the
 * file's bank ids. Staged rows are none of them. Asked a few thousand rows at a time, each a short
 * statement, so other requests' queries run in between; a transaction two chunks find comes once.
 */
export async function possibleDuplicates(
  db: Db,
  userId: string,
  rows: readonly ImportRow[],
): Promise<ExistingTransaction[]> {
  const found = new Map<string, ExistingTransaction>();
  for (let at = 0; at < rows.length; at += DUPLICATE_QUERY_ROWS) {
    for (const { id, ...row } of await duplicatesOf(db, userId, rows.slice(at, at + DUPLICATE_QUERY_ROWS))) {
      found.set(id, row);
    }
  }
  return [...found.values()];
}

/** The pairs and ids go in as one JSON parameter, however many rows the chunk has. */
async function duplicatesOf(db: Db, userId: string, rows: readonly ImportRow[]) {
  const pairs = [...new Set(rows.map((r) => `${r.date}|${r.amountCents}`))].map((p) => {
    const [d, a] = p.split('|');
    return { d, a: Number(a) };
  });
  const fitids = [...new Set(rows.flatMap((r) => (r.fitid === null ? [] : [r.fitid])))];
  const t = walletTransactions;
  const sameDayAndAmount = sql`(${t.date}, ${t.amountCents}) IN (SELECT k.d, k.a FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS k(d date, a bigint))`;
  const sameBankId =
    fitids.length === 0
      ? sql`false`
      : sql`${t.fitid} IN (SELECT jsonb_array_elements_text(${JSON.stringify(fitids)}::jsonb))`;
  const found = await db
    .select({ id: t.id, date: t.date, amountCents: t.amountCents, payee: t.payee, fitid: t.fitid })
    .from(t)
    .where(and(eq(t.userId, userId), notStaged(userId), sql`(${sameDayAndAmount} OR ${sameBankId})`));
  return found.map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
}

/** How many files the user uploaded since `since`, and when the first of them was. */
export async function importsSince(
  db: Db,
  userId: string,
  since: Date,
): Promise<{ count: number; first: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, first: sql<string | null>`min(${walletImports.createdAt})` })
    .from(walletImports)
    .where(and(eq(walletImports.userId, userId), gte(walletImports.createdAt, since)));
  return { count: row?.count ?? 0, first: row?.first ? new Date(row.first) : null };
}

/**
 * Inserts the rows (Uncategorized, linked to the import), in chunks; answers how many went in. While
 * the import is not committed they are staged (staging.repository.ts): nobody sees them yet.
 */
export async function insertImportedTransactions(
  tx: Db,
  userId: string,
  importId: string,
  rows: readonly ImportRow[],
  now: Date,
): Promise<number> {
  const t = walletTransactions;
  let inserted = 0;
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    const chunk = rows
      .slice(at, at + INSERT_CHUNK)
      .map((r) => ({ d: r.date, p: r.payee, a: r.amountCents, n: r.note, f: r.fitid }));
    // The bank id is unique per user: the duplicate check under the Nest's lock has left them out,
    // so a conflict here can not happen; if it ever did, the row is skipped rather than the import failed.
    const result = await tx.execute(sql`
      INSERT INTO ${t} (user_id, date, payee, amount_cents, category, note, fitid, import_id, created_at, updated_at)
      SELECT ${userId}::uuid, r.d, r.p, r.a, ${UNCATEGORIZED}, r.n, r.f, ${importId}::uuid, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS r(d date, p text, a bigint, n text, f text)
      ON CONFLICT DO NOTHING`);
    inserted += affectedRows(result);
  }
  return inserted;
}

/** The rows a statement wrote, from either driver's answer (node-postgres: rowCount, PGlite: affectedRows). */
function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/**
 * Marks the import committed and drops its text (the transactions hold what it said): its staged
 * rows are published, and a trigger adds them to the running totals (migration 0020).
 */
export async function markCommitted(tx: Db, userId: string, id: string, inserted: number, now: Date): Promise<void> {
  await tx
    .update(walletImports)
    .set({ committedAt: now, insertedCount: inserted, content: null, stagingToken: null, stagingAt: null })
    .where(and(eq(walletImports.id, id), eq(walletImports.userId, userId)));
}
