import { createHash } from 'node:crypto';
import { MAX_DOLLARS } from '@helo/contract/money';
import { CATEGORY_MAX, type CsvMappingBody, PAYEE_MAX } from '@helo/contract/wallet';
import { invalidField } from '../../../lib/http-error.ts';
import { BankFileError } from './bank-file-error.ts';
import { CAMT_NAMESPACE } from './camt-reader.ts';
import { guessMapping } from './csv-mapping-guess.ts';
import {
  type CsvMapping,
  type CsvProblem,
  type CsvTable,
  csvTransactions,
  headerRow,
  readCsvTable,
} from './csv-reader.ts';
import { type FileAccount, readStatements } from './statement-import.ts';

/**
 * A stored bank file read into the rows an import would insert (decisions.md "My Wallet, bank
 * imports"): the readers' transactions checked against what the Wallet can store. Pure. Duplicates
 * are judged by the one engine (../duplicates), called by the service.
 */

export type ImportFormat = 'csv' | 'ofx' | 'qif' | 'camt';

export interface ImportRow {
  line: number;
  date: string;
  payee: string;
  amountCents: number;
  note: string | null;
  /** The bank's own category of the row, as written. */
  bankCategory: string | null;
  fitid: string | null;
  /** A statement file's account of the row (an index in `ReadFile.accounts`); absent for a CSV. */
  account?: number;
}

export interface ReadFile {
  columns: string[];
  /** The mapping the rows were read with (CSV); null for OFX. */
  mapping: CsvMapping | null;
  rows: ImportRow[];
  /** Lines of rows of $0, left out (a balance line, a cancelled card authorisation). */
  zeroLines: number[];
  /** A statement file's accounts (those with rows); empty for a CSV. */
  accounts: FileAccount[];
  /** Lines of amounts with more than two decimals, rounded half-even to cents. */
  roundedLines: number[];
  /** What the file holds that is not imported (an investment statement's trades), or null. */
  leftOut: string | null;
  /** CSV rows that could not be read under the mapping: the user remaps, or leaves them out. */
  problems: CsvProblem[];
  /** CSV rows marked pending, and a footer's lines: left out, and said so. */
  pendingLines: number[];
  footerLines: number[];
  /** CSV: what makes two files "of the same bank" for a remembered mapping; null for OFX. */
  shape: string | null;
}

/** At most this many rows go back in a preview; `total` and `duplicates` count them all. */
export const PREVIEW_ROWS = 200;
const MAX_CENTS = MAX_DOLLARS * 100;
const OFX_START = /^\s*(?:OFXHEADER\s*:|<\?xml[^>]{0,200}>\s*<\?OFX|<OFX>)/i;

const QIF_START = /^\s*!(?:Type|Account|Option)\b/i;

/**
 * The format of an upload: a file that starts like OFX (its SGML header, its XML processing
 * instruction, or <OFX>) is OFX whatever it is called, an XML document in a camt.05x namespace is
 * CAMT, one that starts with a QIF header (!Type:Bank) is QIF; else the extension decides (.qfx is
 * Quicken's name for OFX). Null for anything else.
 */
export function formatOf(fileName: string, text: string): ImportFormat | null {
  const head = text.slice(0, 2000);
  if (OFX_START.test(head)) return 'ofx';
  if (/^\s*</.test(head) && CAMT_NAMESPACE.test(head)) return 'camt';
  if (QIF_START.test(head)) return 'qif';
  const extension = /\.([a-z]{3})$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'ofx' || extension === 'qfx') return 'ofx';
  if (extension === 'qif') return 'qif';
  return null;
}

/** The mapping as the wire writes it (snake case) and back. */
export const mappingFromBody = (m: CsvMappingBody): CsvMapping => ({
  skipLines: m.skip_lines ?? 0,
  header: m.header,
  date: m.date,
  payee: m.payee,
  amount: m.amount,
  debit: m.debit,
  credit: m.credit,
  memo: m.memo,
  category: m.category ?? null,
  sign: m.sign ?? null,
  flipSign: m.flip_sign ?? false,
  dateOrder: m.date_order,
  decimal: m.decimal,
});
export const mappingToBody = (m: CsvMapping): CsvMappingBody => ({
  skip_lines: m.skipLines,
  header: m.header,
  date: m.date,
  payee: m.payee,
  amount: m.amount,
  debit: m.debit,
  credit: m.credit,
  memo: m.memo,
  category: m.category,
  sign: m.sign,
  flip_sign: m.flipSign,
  date_order: m.dateOrder,
  decimal: m.decimal,
});

/**
 * Reads a stored file. CSV uses the mapping sent, else the guessed one; a mapping that does not fit
 * the file is a 400 naming its field. A CSV row that can not be read is a problem of the reading,
 * not a refusal (the user can remap the file, or leave the row out); an OFX file's is a BankFileError.
 */
export function readBankFile(format: ImportFormat, text: string, sent: CsvMapping | undefined): ReadFile {
  if (format !== 'csv') {
    if (sent) throw invalidField('mapping', 'Only a CSV file has columns to choose');
    const statements = readStatements(format, text);
    const read = checkedRows(
      [],
      null,
      statements.transactions.map((t) => ({ ...t, fitid: t.fitId })),
    );
    const first = read.problems[0];
    if (first) throw new BankFileError(first.message, first.line);
    if (read.rows.length === 0) throw new BankFileError('Every row of the file is $0: there is nothing to import');
    // An account's count is of the rows kept ($0 rows left out): an account left with none needs no pick.
    const counts = statements.accounts.map(() => 0);
    for (const row of read.rows) if (row.account !== undefined) counts[row.account] = (counts[row.account] ?? 0) + 1;
    const accounts = statements.accounts.map((a, i) => ({ ...a, count: counts[i] ?? 0 }));
    return { ...read, accounts, roundedLines: statements.roundedLines, leftOut: statements.leftOut };
  }
  return readCsvFile(text, sent);
}

function readCsvFile(text: string, sent: CsvMapping | undefined): ReadFile {
  const table = readCsvTable(text);
  const guessed = guessMapping(table);
  const mapping = sent ?? guessed;
  if (sent) checkMapping(sent, table);
  const header = headerRow(table, mapping) ?? table.rows.find((r) => r.line > mapping.skipLines)?.cells ?? [];
  // A column's name is for a select: a hostile file's 500,000-character cell is not sent back whole.
  const columns = header
    .map((cell) => cut(cell, 200))
    .concat(Array.from({ length: table.columns - header.length }, () => ''));
  // The shape is the guessed header's, so that a remembered mapping is found before it is applied.
  const shape = shapeOf(table, guessed);
  if (!sent && !fitsTable(mapping, table)) {
    const line = table.rows[0]?.line ?? 1;
    const problems = [{ line, message: 'Choose which columns hold the dates and the amounts' }];
    const none = { rows: [], zeroLines: [], pendingLines: [], footerLines: [], accounts: [], roundedLines: [] };
    return { ...none, columns, mapping, problems, shape, leftOut: null };
  }
  const reading = csvTransactions(table, mapping);
  const read = checkedRows(
    columns,
    mapping,
    reading.transactions.map((t) => ({ ...t, fitid: null })),
  );
  const problems = [...reading.problems, ...read.problems].sort((a, b) => a.line - b.line);
  return { ...read, problems, pendingLines: reading.pendingLines, footerLines: reading.footerLines, shape };
}

/** A bank's file layout: its delimiter and header names (or its number of columns without a header). */
function shapeOf(table: CsvTable, guessed: CsvMapping): string {
  const header = headerRow(table, guessed);
  const layout = header ? header.map((c) => c.toLowerCase()).join('\u0001') : `columns:${table.columns}`;
  return createHash('sha256').update(`${table.delimiter}\u0002${layout}`).digest('base64url');
}

const ROLES = ['date', 'payee', 'amount', 'debit', 'credit', 'memo', 'category', 'sign'] as const;
const ROLE_NAMES: Record<(typeof ROLES)[number], string> = {
  date: 'Date',
  payee: 'Payee',
  amount: 'Amount',
  debit: 'Debit',
  credit: 'Credit',
  memo: 'Memo',
  category: 'Category',
  sign: 'Sign',
};

/** A mapping the user sent: every column in the file, one column per role, and some amount. */
function checkMapping(mapping: CsvMapping, table: CsvTable): void {
  const taken = new Map<number, string>();
  for (const role of ROLES) {
    const column = mapping[role];
    if (column === null) continue;
    if (column >= table.columns) {
      throw invalidField(
        `mapping.${role}`,
        `${ROLE_NAMES[role]} column ${column + 1} is past the file's ${table.columns} column${table.columns === 1 ? '' : 's'}`,
      );
    }
    const other = taken.get(column);
    // A memo may repeat the payee's column: nothing is lost.
    if (other !== undefined && role !== 'memo') {
      throw invalidField(`mapping.${role}`, `${ROLE_NAMES[role]} can not be the same column as ${other}`);
    }
    taken.set(column, ROLE_NAMES[role]);
  }
  if (mapping.amount === null && mapping.debit === null && mapping.credit === null) {
    throw invalidField('mapping.amount', 'Choose an amount column, or a debit or credit column');
  }
  if (mapping.amount !== null && (mapping.debit !== null || mapping.credit !== null)) {
    throw invalidField('mapping.amount', 'Choose an amount column or debit and credit columns, not both');
  }
}

/** A guessed mapping can point past a file of one column, or find no amount at all. */
function fitsTable(mapping: CsvMapping, table: CsvTable): boolean {
  const inside = ROLES.every((role) => mapping[role] === null || (mapping[role] as number) < table.columns);
  return inside && (mapping.amount !== null || mapping.debit !== null || mapping.credit !== null);
}

type ReadRow = Omit<ImportRow, 'note' | 'bankCategory'> & { memo: string | null; category?: string | null };

/**
 * What the Wallet can store: $0 rows are left out (and counted); a row with an amount past $10
 * billion, a day outside 1900–2199, or neither payee nor memo is a problem at its line; a payee is
 * cut to the Wallet's 100 characters (the memo, up to 200, is kept whole in the note).
 */
function checkedRows(columns: string[], mapping: CsvMapping | null, read: ReadRow[]): ReadFile {
  const rows: ImportRow[] = [];
  const zeroLines: number[] = [];
  const problems: CsvProblem[] = [];
  for (const row of read) {
    if (row.amountCents === 0) {
      zeroLines.push(row.line);
      continue;
    }
    const problem = problemOf(row);
    if (problem) {
      problems.push({ line: row.line, message: problem });
      continue;
    }
    const payee = cut(row.payee.trim(), PAYEE_MAX);
    const note = row.memo && row.memo !== row.payee ? row.memo : null;
    const bankCategory = row.category ? cut(row.category, CATEGORY_MAX) : null;
    const at = {
      line: row.line,
      date: row.date,
      payee,
      amountCents: row.amountCents,
      note,
      bankCategory,
      fitid: row.fitid,
    };
    rows.push(row.account === undefined ? at : { ...at, account: row.account });
  }
  return {
    columns,
    mapping,
    rows,
    zeroLines,
    problems,
    pendingLines: [],
    footerLines: [],
    shape: null,
    accounts: [],
    roundedLines: [],
    leftOut: null,
  };
}

function problemOf(row: ReadRow): string | null {
  if (Math.abs(row.amountCents) > MAX_CENTS) return 'the amount is more than $10 billion';
  const year = Number(row.date.slice(0, 4));
  if (year < 1900 || year > 2199) return `the date ${row.date} is not between 1900 and 2199`;
  if (row.payee.trim() === '') return 'the row has no payee or description';
  return null;
}

/** At most `max` UTF-16 units, never half a surrogate pair, no trailing space. */
function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  let end = max;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return value.slice(0, end).trimEnd();
}
