import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Db } from '@helo/db/client';
import { ledgerAccounts, ledgerJournals, ledgerPostings } from '@helo/db/schema';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bearer, register } from '../../../../test/accounts.ts';
import type { TestApp } from '../../../../test/test-app.ts';

/** Requests of the bank file imports, as the web app makes them, for the module's tests (and the harness). */

export const IMPORTS = '/api/v1/wallet/imports';

/** The files the browser tests upload too (e2e/fixtures/bank). */
export const bankFixture = (name: 'checking-november.csv' | 'statement.ofx' | 'statement.qfx'): Buffer =>
  readFileSync(new URL(`../../../../../../e2e/fixtures/bank/${name}`, import.meta.url));

export interface Part {
  name: string;
  /** A file part when set (even to ''), else a plain field. */
  filename?: string;
  content: string | Buffer;
  contentType?: string;
}

/** A multipart/form-data body written by hand, the way a browser's FormData sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----helo${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type =
      part.filename === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.content === 'string' ? Buffer.from(part.content) : part.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One file in the field `file`. */
export const fileBody = (filename: string, content: string | Buffer) =>
  multipart([{ name: 'file', filename, content, contentType: 'text/csv' }]);

export function importRequests(t: () => TestApp) {
  const api = {
    upload: (token: string, filename: string, content: string | Buffer) =>
      api.uploadBody(token, fileBody(filename, content)),
    /** An upload into the account `accountId`. */
    uploadTo: (token: string, accountId: string, filename: string, content: string | Buffer) =>
      api.uploadBody(token, fileBody(filename, content), `?account_id=${encodeURIComponent(accountId)}`),
    uploadBody: (token: string, body: { payload: Buffer; headers: Record<string, string> }, query = '') =>
      t().app.inject({
        method: 'POST',
        url: `${IMPORTS}${query}`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      }),
    preview: (token: string, id: string, body: object = {}) =>
      t().app.inject({ method: 'POST', url: `${IMPORTS}/${id}/preview`, headers: bearer(token), payload: body }),
    commit: (token: string, id: string, body: object = {}) =>
      t().app.inject({ method: 'POST', url: `${IMPORTS}/${id}/commit`, headers: bearer(token), payload: body }),
    /** A new user, with the Money Nest active unless told otherwise. */
    async newUser(activate = true) {
      const { session } = await register(t());
      const token = session.access_token;
      if (activate) {
        const res = await t().app.inject({ method: 'POST', url: '/api/v1/nest/activate', headers: bearer(token) });
        if (res.statusCode >= 300) throw new Error(`activate: ${res.statusCode} ${res.body}`);
      }
      return { token, userId: session.user.id };
    },
  };
  return api;
}

/**
 * The user's wallet transactions as the ledger stores them (staged ones too), by date and payee: each
 * live journal of kind 'wallet.transaction' with its line on the user's own account and the name of
 * the outside account it is posted against (its category).
 */
export async function storedTransactions(db: Db, userId: string) {
  const journals = await db
    .select()
    .from(ledgerJournals)
    .where(
      and(
        eq(ledgerJournals.userId, userId),
        eq(ledgerJournals.kind, 'wallet.transaction'),
        isNull(ledgerJournals.reversedById),
        isNull(ledgerJournals.reversesId),
      ),
    )
    .orderBy(
      asc(ledgerJournals.date),
      asc(sql`coalesce(${ledgerJournals.originalDescription}, ${ledgerJournals.description})`),
      asc(ledgerJournals.externalId),
    );
  const ids = journals.map((j) => j.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select({
            journalId: ledgerPostings.journalId,
            amountCents: ledgerPostings.amountCents,
            kind: ledgerAccounts.kind,
            name: ledgerAccounts.name,
            accountId: ledgerAccounts.id,
          })
          .from(ledgerPostings)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
          .where(inArray(ledgerPostings.journalId, ids));
  const outsideKinds = new Set(['spending', 'income']);
  return journals.map((j) => {
    const mine = lines.filter((l) => l.journalId === j.id);
    const own = mine.find((l) => !outsideKinds.has(l.kind));
    const outside = mine.find((l) => outsideKinds.has(l.kind));
    return {
      id: j.groupId,
      accountId: own?.accountId,
      date: j.date,
      // The bank's words as the file gave them (what the readers are tested on); `shown` is the
      // merchant name made of them, the payee the list shows.
      payee: j.originalDescription ?? j.description,
      shown: j.description,
      amountCents: own?.amountCents,
      category: outside?.name,
      note: j.note,
      fitid: j.externalId,
      importId: j.batchId,
    };
  });
}
