import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { importRequests, storedTransactions } from './import-requests.test-helpers.ts';

/**
 * The corpus of real bank files (issue 28; ../shared/bank-files, never copied into the repository):
 * every file goes through the API as a user would send it, is committed, and what is stored is
 * compared with what MANIFEST.tsv says the file holds, to the cent. `HELO_BANK_FILES` names another
 * folder; by default the one beside the repository's checkout, else /work/shared/bank-files.
 */

const REPO = fileURLToPath(new URL('../../../../../../', import.meta.url));
const BANK_FILES =
  process.env.HELO_BANK_FILES ??
  [resolve(REPO, '../shared/bank-files'), resolve(REPO, '../../shared/bank-files'), '/work/shared/bank-files'].find(
    (dir) => existsSync(resolve(dir, 'MANIFEST.tsv')),
  ) ??
  '/work/shared/bank-files';

export interface ManifestRow {
  file: string;
  format: string;
  expect: 'import' | 'refuse';
  count: number;
  sumCents: number;
  firstDate: string;
  firstAmountCents: number;
  /** '*' when any payee is right (the file names none, or several readings are fair). */
  firstPayee: string;
  dateRange: [string, string];
  mapping: string;
}

export function readManifest(dir = BANK_FILES): ManifestRow[] {
  const [header, ...lines] = readFileSync(resolve(dir, 'MANIFEST.tsv'), 'utf8').split('\n').filter(Boolean);
  const names = (header ?? '').split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    const get = (name: string) => cells[names.indexOf(name)] ?? '';
    const [from = '', to = ''] = get('date_range').split('..');
    return {
      file: get('file'),
      format: get('format'),
      expect: get('expect') === 'refuse' ? 'refuse' : 'import',
      count: Number(get('count')),
      sumCents: Number(get('sum_cents')),
      firstDate: get('first_date'),
      firstAmountCents: Number(get('first_amount_cents')),
      firstPayee: get('first_payee'),
      dateRange: [from, to],
      mapping: get('mapping'),
    };
  });
}

/**
 * The MANIFEST's `mapping` column ("date=0;payee=3;debit=5;credit=6;date_order=ymd;decimal=.") as the
 * API's mapping body: numbers are column indexes, true/false flags, anything else text; the roles it
 * does not name are null and `header` is true unless it says otherwise. Null for an empty column.
 */
export function parseManifestMapping(column: string): Record<string, unknown> | null {
  if (column.trim() === '') return null;
  const body: Record<string, unknown> = { header: true, amount: null, debit: null, credit: null, memo: null };
  for (const pair of column.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1) continue;
    const key = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    body[key] = /^\d+$/.test(value) ? Number(value) : value === 'true' ? true : value === 'false' ? false : value;
  }
  return body;
}

const t = useTestApp();
const api = importRequests(t);

/**
 * One MANIFEST row through the API, for a new user: upload, (a CSV: the row's mapping), a new Helo
 * account for each of a multi-account file's accounts, commit; then what is stored is compared.
 */
export async function importCorpusFile(row: ManifestRow, mapping: Record<string, unknown> | null): Promise<void> {
  const { token, userId } = await api.newUser();
  const bytes = readFileSync(resolve(BANK_FILES, row.file));
  const upload = await api.upload(token, row.file, bytes);
  if (row.expect === 'refuse') {
    // The issue lets an investment statement be refused, or its cash part imported with a clear
    // word about the rest: either a 400 at `file`, or a preview that names what it leaves out.
    if (upload.statusCode === 400) {
      expect(upload.json().errors?.[0]?.path, upload.body).toBe('file');
    } else {
      expect(upload.statusCode, upload.body).toBe(201);
      expect(upload.json().data.left_out, upload.body).toMatch(/are not imported/);
    }
    return;
  }
  expect(upload.statusCode, upload.body).toBe(201);
  let preview = upload.json().data;
  const body: Record<string, unknown> = {};
  if (mapping) {
    body.mapping = mapping;
    const again = await api.preview(token, preview.id, body);
    expect(again.statusCode, again.body).toBe(200);
    preview = again.json().data;
  }
  if (preview.accounts.length > 1) {
    const accounts = [];
    for (const fileAccount of preview.accounts as { key: string; type: string | null }[]) {
      const made = await t().app.inject({
        method: 'POST',
        url: '/api/v1/accounts',
        headers: bearer(token),
        payload: { kind: 'checking', name: `${row.file.slice(0, 40)} ${fileAccount.key}` },
      });
      expect(made.statusCode, made.body).toBe(201);
      accounts.push({ key: fileAccount.key, account_id: made.json().data.id });
    }
    body.accounts = accounts;
  }
  const first = preview.rows[0];
  const commit = await api.commit(token, preview.id, body);
  expect(commit.statusCode, commit.body).toBe(200);
  expect(commit.json().data).toMatchObject({ inserted: row.count, duplicates: 0 });

  const stored = await storedTransactions(t().database.db, userId);
  const dates = stored.map((s) => s.date).sort();
  expect({
    count: stored.length,
    sum: stored.reduce((sum, s) => sum + Number(s.amountCents), 0),
    first: { date: first.date, cents: Math.round(first.amount * 100) },
    range: [dates[0], dates.at(-1)],
  }).toEqual({
    count: row.count,
    sum: row.sumCents,
    first: { date: row.firstDate, cents: row.firstAmountCents },
    range: row.dateRange,
  });
  if (row.firstPayee === '*') expect(first.payee.trim()).not.toBe('');
  else expect(first.payee).toBe(row.firstPayee);
  // A multi-account file: each file account's rows are in its own Helo account.
  if (preview.accounts.length > 1) {
    const perAccount = new Map<string, number>();
    for (const s of stored) perAccount.set(String(s.accountId), (perAccount.get(String(s.accountId)) ?? 0) + 1);
    expect([...perAccount.values()].sort()).toEqual(
      (preview.accounts as { count: number }[]).map((a) => a.count).sort(),
    );
  }
}

const manifest = readManifest();

describe('the bank file corpus (../shared/bank-files/MANIFEST.tsv)', () => {
  it('lists the files it holds', () => {
    expect(manifest.length).toBeGreaterThan(40);
    for (const row of manifest) expect(existsSync(resolve(BANK_FILES, row.file)), row.file).toBe(true);
  });

  // CSV rows are the `csv` helper's (issue 28): they add them here through `parseManifestMapping`.
  const statements = manifest.filter((row) => !row.format.startsWith('CSV'));
  it.each(statements.map((row) => [row.file, row] as const))('%s imports as the MANIFEST says', async (_, row) => {
    await importCorpusFile(row, parseManifestMapping(row.mapping));
  });
});
