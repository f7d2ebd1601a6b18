import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { ZipFile } from 'yazl';
import type { UserTable } from '../../api-module.ts';
import { type ExportRow, exportedColumns } from './account.repository.ts';

/** A file the user has outside the database, added to the archive under `files/` (the Vault, issue 17). */
export interface ExportedFile {
  /** The path inside the archive, below `files/`. */
  path: string;
  open(): Promise<Readable>;
}

/** A file made from the user's data by another module, at the archive's root (`transactions.csv`). */
export interface RootFile {
  path: string;
  about: string;
  open(): Promise<Readable>;
}

export type UserRows = Record<string, ExportRow[]>;

/** A CSV cell: null is empty, a time its ISO text, lists and objects their JSON. */
const cell = (value: unknown): string | number | boolean => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
};

// Rows are encoded a batch at a time, so no file of the archive is ever one string in memory.
const BATCH = 1000;

/**
 * CSV of one table, header first even when empty. `escapeFormulae` puts a quote before a cell that
 * starts with = + - @ (and tab, CR), so a payee or a note a bank file brought in cannot run as a
 * formula when the file is opened in a spreadsheet.
 */
export function* tableCsv(columns: string[], rows: ExportRow[]): Generator<string> {
  const options = { escapeFormulae: true, newline: '\r\n' };
  // The header alone comes with a line break after it; each batch brings its own before it.
  yield Papa.unparse({ fields: columns, data: [] }, options).replace(/\r\n$/, '');
  for (let i = 0; i < rows.length; i += BATCH) {
    const data = rows.slice(i, i + BATCH).map((row) => columns.map((c) => cell(row[c])));
    yield `\r\n${Papa.unparse({ fields: columns, data }, { ...options, header: false })}`;
  }
}

/** data.json: `{ "<table>": [ {row}, … ], … }`, a row a line (times as ISO text: JSON's Date). */
export function* dataJson(rows: UserRows): Generator<string> {
  const tables = Object.entries(rows);
  yield '{';
  for (const [n, [name, list]] of tables.entries()) {
    yield `${n === 0 ? '' : ','}\n  ${JSON.stringify(name)}: [`;
    for (let i = 0; i < list.length; i += BATCH) {
      const lines = list.slice(i, i + BATCH).map((row) => `\n    ${JSON.stringify(row)}`);
      yield `${i === 0 ? '' : ','}${lines.join(',')}`;
    }
    yield list.length === 0 ? ']' : '\n  ]';
  }
  yield '\n}\n';
}

function readme(userTables: UserTable[], exportedAt: string, files: ExportedFile[], root: RootFile[]): string {
  const tables = userTables.map((t) => {
    const withheld = t.withheld.length > 0 ? `\n  Not included (secrets): ${t.withheld.join(', ')}.` : '';
    return `- \`${t.name}\` (csv/${t.name}.csv): ${t.about}\n  Columns: ${exportedColumns(t).join(', ')}.${withheld}`;
  });
  return [
    '# Your Helo data',
    '',
    `Exported ${exportedAt} (UTC). Everything Helo keeps about you, as of that moment.`,
    '',
    '## Files',
    '- `data.json`: one object with a key per table below; each holds a list of rows (one object per',
    '  row, keyed by column name). The same rows as the CSV files.',
    '- `csv/<table>.csv`: one CSV file per table (UTF-8, comma-separated, a header row). A cell that',
    '  starts with = + - or @ is written with a leading quote so spreadsheets do not run it.',
    ...root.map((f) => `- \`${f.path}\`: ${f.about}`),
    `- \`files/\`: the files you stored in Helo (${files.length === 0 ? 'none' : files.length}).`,
    '',
    '## How to read the values',
    '- Money is in **cents**, as integers, in every column whose name ends in `_cents`: 123456 is $1,234.56.',
    '  Below zero is money out (a wallet transaction, a reversal).',
    '- Times (`…_at`) are ISO 8601 in UTC; days (`date`, `day`, `due_date`, …) are calendar days',
    '  (YYYY-MM-DD) in New York time, as the app shows them.',
    '- Rates and percentages (`interest_rate`, `…_percent`) are percent: 6.5 is 6.5 %.',
    '- `id`s tie the tables together: `budget_categories.budget_id` is a `user_budgets.id`, and so on.',
    '- An empty list (or a CSV with only its header) means you have nothing of that kind.',
    '',
    '## Tables',
    ...tables,
    '',
    'Not included: password and token hashes, two-factor secrets, passkey keys. They are the means to',
    'sign in, kept only as hashes or encrypted, and useless outside Helo.',
    '',
  ].join('\n');
}

/**
 * The zip, streamed: data.json, one CSV per table, README.md and the user's files, each encoded
 * and compressed while the client reads, so neither a file nor the archive is ever whole in memory.
 */
export function exportArchive(
  userTables: UserTable[],
  rows: UserRows,
  files: ExportedFile[],
  exportedAt: Date,
  root: RootFile[] = [],
): Readable {
  const zip = new ZipFile();
  const mtime = exportedAt;
  const at = exportedAt.toISOString();
  zip.addBuffer(Buffer.from(readme(userTables, at, files, root)), 'README.md', { mtime });
  zip.addReadStream(Readable.from(dataJson(rows), { objectMode: false }), 'data.json', { mtime });
  for (const t of userTables) {
    zip.addReadStream(
      Readable.from(tableCsv(exportedColumns(t), rows[t.name] ?? []), { objectMode: false }),
      `csv/${t.name}.csv`,
      { mtime },
    );
  }
  for (const file of [...root, ...files.map((f) => ({ path: `files/${f.path}`, open: () => f.open() }))]) {
    zip.addReadStreamLazy(file.path, { mtime }, (done) => {
      file.open().then(
        (stream) => done(null, stream),
        (err: Error) => done(err, undefined as never),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}
