import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app.ts';
import { importRequests, storedTransactions } from './import-requests.test-helpers.ts';

/**
 * The CSV rows of ../shared/bank-files/MANIFEST.tsv (real bank exports from open-source finance
 * projects' test suites, never copied into the repository): each file uploaded, read with the
 * MANIFEST's mapping laid over the guessed one (which brings what the MANIFEST does not name: lines
 * to skip, a sign column), committed, and its count, sum, first transaction and date range checked.
 * For some, the guess alone must be right. bank-files.corpus.test.ts does the other formats.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../../../..');
const BANK_FILES = [
  process.env.HELO_BANK_FILES,
  path.resolve(repoRoot, '../shared/bank-files'),
  path.resolve(repoRoot, '../../shared/bank-files'),
  '/work/shared/bank-files',
].find((dir): dir is string => dir !== undefined && existsSync(path.join(dir, 'MANIFEST.tsv')));

interface Expected {
  file: string;
  format: string;
  count: number;
  sum_cents: number;
  first_date: string;
  first_amount_cents: number;
  first_payee: string;
  date_range: string;
  mapping: Record<string, string>;
  notes: string;
}

function manifest(dir: string): Expected[] {
  const [head = '', ...lines] = readFileSync(path.join(dir, 'MANIFEST.tsv'), 'utf8').split('\n');
  const names = head.split('\t');
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => Object.fromEntries(line.split('\t').map((v, i) => [names[i], v])))
    .filter((r) => (r.format ?? '').startsWith('CSV'))
    .map((r) => ({
      file: r.file ?? '',
      format: r.format ?? '',
      count: Number(r.count),
      sum_cents: Number(r.sum_cents),
      first_date: r.first_date ?? '',
      first_amount_cents: Number(r.first_amount_cents),
      first_payee: r.first_payee ?? '',
      date_range: r.date_range ?? '',
      mapping: Object.fromEntries(
        (r.mapping ?? '')
          .split(';')
          .filter(Boolean)
          .map((kv: string) => kv.split('=') as [string, string]),
      ),
      notes: r.notes ?? '',
    }));
}

/** The MANIFEST's mapping (date=0;payee=1;amount=2;…) laid over the guessed one, as the API's body. */
function mappingBody(guessed: Record<string, unknown>, keys: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...guessed, memo: null };
  if (['amount', 'debit', 'credit'].some((k) => k in keys))
    Object.assign(body, { amount: null, debit: null, credit: null });
  for (const [key, value] of Object.entries(keys)) {
    if (key === 'date_order' || key === 'decimal') body[key] = value;
    else if (key === 'header') body[key] = value === 'true';
    else body[key] = Number(value);
  }
  return body;
}

/** Files whose guessed mapping alone reads them as the MANIFEST says (each has a trap the guess handles). */
const GUESSED = [
  'csv2ofx__mint.csv', // CR line ends, a debit/credit column for the sign, 2-digit years
  'bank2ynab__MS_JANE_SMITH_01-12-2019_14-12-2019.csv', // month names, pending rows, charges positive, CR
  'bank2ynab__TransactionHistory_20180418043121.csv', // a preamble before the header, continuation lines
  'bank2ynab__Movements_1234512345_201805271848.csv', // windows-1250, Czech header
  'csv2ofx__ingesp.csv', // day first, known from a later row
  'csv2ofx__n26-fr.csv', // an IBAN column before the amount
  'bank2ynab__20180226-1000594757-umsatz.CSV', // DD.MM.YY
  'csv2ofx__gls.csv', // windows-1252, a decimal comma
];

const t = useTestApp();
const api = importRequests(t);
const files = BANK_FILES ? manifest(BANK_FILES) : [];

describe('the CSV bank files of ../shared/bank-files', () => {
  it('the MANIFEST lists CSV files', () => {
    expect(BANK_FILES, 'set HELO_BANK_FILES to the folder of MANIFEST.tsv').toBeDefined();
    expect(files.length).toBeGreaterThan(20);
  });

  async function importAndCheck(expected: Expected, useManifestMapping: boolean) {
    // A user per file: the corpus is more files than an hour's uploads allow one user.
    const { token, userId } = await api.newUser();
    const upload = await api.upload(token, expected.file, readFileSync(path.join(BANK_FILES ?? '', expected.file)));
    expect(upload.statusCode, upload.body).toBe(201);
    const body = useManifestMapping ? { mapping: mappingBody(upload.json().data.mapping, expected.mapping) } : {};
    const preview = await api.preview(token, upload.json().data.id, body);
    expect(preview.statusCode, preview.body).toBe(200);
    const read = preview.json().data;
    expect(read.problems, `${expected.file}: ${expected.notes}`).toEqual([]);
    const commit = await api.commit(token, read.id, body);
    expect(commit.statusCode, commit.body).toBe(200);
    const rows = await storedTransactions(t().database.db, userId);
    const dates = rows.map((r) => r.date).sort();
    const first = read.rows[0];
    expect(
      {
        count: rows.length,
        sum_cents: rows.reduce((sum, r) => sum + Number(r.amountCents), 0),
        first_date: first?.date,
        first_amount_cents: Math.round((first?.amount ?? 0) * 100),
        first_payee: first?.payee,
        date_range: `${dates[0]}..${dates.at(-1)}`,
      },
      `${expected.file}: ${expected.notes}`,
    ).toEqual({
      count: expected.count,
      sum_cents: expected.sum_cents,
      first_date: expected.first_date,
      first_amount_cents: expected.first_amount_cents,
      first_payee: expected.first_payee,
      date_range: expected.date_range,
    });
  }

  it.each(files.map((f) => [f.file, f] as const))('%s imports as the MANIFEST says', async (_, expected) => {
    await importAndCheck(expected, true);
  });

  it.each(GUESSED)('%s imports right with the guessed mapping alone', async (file) => {
    const expected = files.find((f) => f.file === file);
    expect(expected, file).toBeDefined();
    if (expected) await importAndCheck(expected, false);
  });
});
