import { dayOf, isCalendarDay } from '@helo/finance/calendar';
import Papa from 'papaparse';
import { amountToCents } from './amount-cents.ts';
import { BankFileError } from './bank-file-error.ts';

/**
 * Bank CSV exports: every bank names and orders its columns its own way, writes its own dates and
 * may use a decimal comma. papaparse splits the file (it guesses the delimiter and handles quotes);
 * this file guesses which column is which, and the user can change the guess before importing.
 */

export const DATE_ORDERS = ['ymd', 'mdy', 'dmy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export interface CsvMapping {
  /** Whether the first row holds column names rather than a transaction. */
  header: boolean;
  date: number;
  payee: number;
  /** One signed amount column, or a debit (money out) and a credit (money in) column. */
  amount: number | null;
  debit: number | null;
  credit: number | null;
  memo: number | null;
  dateOrder: DateOrder;
  decimal: '.' | ',';
}

export interface CsvTable {
  /** Every row as the file has it, with the line it starts on. */
  rows: { line: number; cells: string[] }[];
  columns: number;
}

export interface CsvTransaction {
  date: string;
  amountCents: number;
  payee: string;
  memo: string | null;
  line: number;
}

export const MAX_CSV_ROWS = 100_000;

export function readCsvTable(text: string): CsvTable {
  const starts = lineStarts(text);
  const rows: CsvTable['rows'] = [];
  let unclosedQuote: number | null = null;
  let rowStart = 0;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
    // Row by row, to know where each row starts (its line, for messages) and to stop a huge file early.
    step: (result, parser) => {
      // Blank lines skipped before the row belong to no row: step over them to where it begins.
      while (rowStart < text.length && /[\r\n]/.test(text.charAt(rowStart))) rowStart++;
      const line = lineAt(starts, rowStart);
      rowStart = result.meta.cursor;
      if (result.errors.some((e) => e.type === 'Quotes')) unclosedQuote ??= line;
      rows.push({ line, cells: result.data.map((c) => c.trim()) });
      if (rows.length > MAX_CSV_ROWS + 1) parser.abort();
    },
  });
  if (rows.length > MAX_CSV_ROWS + 1) throw new BankFileError(`the file has more than ${MAX_CSV_ROWS} rows`);
  if (unclosedQuote !== null) throw new BankFileError('a quoted field is not closed', unclosedQuote);
  if (rows.length === 0) throw new BankFileError('The file is empty');
  return { rows, columns: Math.max(...rows.map((r) => r.cells.length)) };
}

const HEADERS: Record<'date' | 'payee' | 'amount' | 'debit' | 'credit' | 'memo', RegExp> = {
  date: /^(transaction |posted |posting |booking |value )?date$|^posted$|^datum$/i,
  payee: /^(payee|description|merchant|name|counterparty|details|transaction description)$/i,
  amount: /^(amount|value|transaction amount|amount \(\w+\)|betrag)$/i,
  debit: /^(debit|withdrawal|withdrawals|money out|paid out|outflow)( amount)?$/i,
  credit: /^(credit|deposit|deposits|money in|paid in|inflow)( amount)?$/i,
  memo: /^(memo|notes?|reference|category)$/i,
};

/** A first guess at the columns, from the header's names or, without them, from the values. */
export function guessMapping(table: CsvTable): CsvMapping {
  const first = table.rows[0]?.cells ?? [];
  const find = (kind: keyof typeof HEADERS) => {
    const i = first.findIndex((cell) => HEADERS[kind].test(cell));
    return i === -1 ? null : i;
  };
  const named = {
    date: find('date'),
    payee: find('payee'),
    amount: find('amount'),
    debit: find('debit'),
    credit: find('credit'),
  };
  const header = Object.values(named).some((i) => i !== null) || !first.some((cell) => looksLikeDate(cell));
  const body = table.rows.slice(header ? 1 : 0, 51).map((r) => r.cells);
  const columnValues = (i: number) => body.map((cells) => cells[i] ?? '').filter((v) => v !== '');
  const columns = Array.from({ length: table.columns }, (_, i) => i);

  const date =
    named.date ?? columns.find((i) => columnValues(i).every(looksLikeDate) && columnValues(i).length > 0) ?? 0;
  const numeric = (i: number) => i !== date && columnValues(i).length > 0 && columnValues(i).every(looksLikeAmount);
  const amount = named.amount ?? (named.debit === null ? (columns.find(numeric) ?? null) : null);
  const payee =
    named.payee ??
    columns.find((i) => i !== date && i !== amount && !numeric(i) && columnValues(i).length > 0) ??
    (date === 0 ? 1 : 0);
  const amounts = [amount, named.debit, named.credit].flatMap((i) => (i === null ? [] : columnValues(i)));
  return {
    header,
    date,
    payee,
    amount,
    debit: amount === null ? named.debit : null,
    credit: amount === null ? named.credit : null,
    memo: find('memo'),
    dateOrder: guessDateOrder(columnValues(date)),
    decimal: guessDecimal(amounts),
  };
}

/** The rows as transactions under a mapping; a row that does not fit names its line. */
export function csvTransactions(table: CsvTable, mapping: CsvMapping): CsvTransaction[] {
  const data = mapping.header ? table.rows.slice(1) : table.rows;
  if (data.length > MAX_CSV_ROWS) throw new BankFileError(`the file has more than ${MAX_CSV_ROWS} rows`);
  return data.map(({ line, cells }) => {
    const cell = (i: number | null) => (i === null ? '' : (cells[i] ?? ''));
    let amountCents: number;
    if (mapping.amount !== null) {
      amountCents = amountToCents(cell(mapping.amount), mapping.decimal, line);
    } else {
      const out = cell(mapping.debit);
      const into = cell(mapping.credit);
      if (out === '' && into === '') throw new BankFileError('the row has neither a debit nor a credit', line);
      // A debit is money out whatever sign the bank wrote it with.
      amountCents =
        (into === '' ? 0 : Math.abs(amountToCents(into, mapping.decimal, line))) -
        (out === '' ? 0 : Math.abs(amountToCents(out, mapping.decimal, line)));
    }
    const memo = cleanText(cell(mapping.memo));
    return {
      date: parseDate(cell(mapping.date), mapping.dateOrder, line),
      amountCents,
      payee: cleanText(cell(mapping.payee)) || memo,
      memo: memo || null,
      line,
    };
  });
}

const DATE = /^(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})$/;

function looksLikeDate(value: string): boolean {
  return DATE.test(value.trim().slice(0, 10)) || /^\d{8}$/.test(value.trim());
}

function looksLikeAmount(value: string): boolean {
  // No amount is longer; the bound also keeps the pattern's work small on a hostile cell.
  if (value.length > 32) return false;
  return /^[-+(]?\s*[$€£]?\s*\d[\d.,\s]*\)?-?$/.test(value) && !looksLikeDate(value);
}

/** Day first when some first part is above 12, month first when some second part is; else the US order. */
function guessDateOrder(values: string[]): DateOrder {
  let dmy = false;
  let mdy = false;
  for (const value of values) {
    const m = DATE.exec(value.trim().slice(0, 10));
    if (!m) continue;
    if ((m[1] ?? '').length === 4) return 'ymd';
    if (Number(m[1]) > 12) dmy = true;
    if (Number(m[2]) > 12) mdy = true;
  }
  return dmy && !mdy ? 'dmy' : 'mdy';
}

/** A comma followed by one or two digits at the end, and no point, is a decimal comma. */
function guessDecimal(values: string[]): '.' | ',' {
  const comma = values.some((v) => /,\d{1,2}\)?-?$/.test(v.trim()) && !v.includes('.'));
  const point = values.some((v) => /\.\d{1,2}\)?-?$/.test(v.trim()));
  return comma && !point ? ',' : '.';
}

function parseDate(raw: string, order: DateOrder, line: number): string {
  const value = raw.trim();
  let y: number;
  let m: number;
  let d: number;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  const parts = DATE.exec(value.slice(0, 10));
  if (compact) {
    [y, m, d] = [Number(compact[1]), Number(compact[2]), Number(compact[3])];
  } else if (parts) {
    const [a, b, c] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    if ((parts[1] ?? '').length === 4) [y, m, d] = [a, b, c];
    else if (order === 'dmy') [y, m, d] = [c, b, a];
    else [y, m, d] = [c, a, b];
    // Two-digit years: 00–69 are this century, as spreadsheets read them.
    if ((order !== 'ymd' || (parts[1] ?? '').length !== 4) && y < 100) y += y < 70 ? 2000 : 1900;
  } else {
    throw new BankFileError(`'${raw.slice(0, 30)}' is not a date`, line);
  }
  if (y < 1900 || y > 2199 || !isCalendarDay(y, m, d)) {
    throw new BankFileError(`'${raw.slice(0, 30)}' is not a real date`, line);
  }
  return dayOf(y, m, d);
}

function cleanText(value: string): string {
  return value
    .replaceAll(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, 200);
}

/** starts[n] is where line n begins (1-based; starts[0] is unused). */
function lineStarts(text: string): number[] {
  const starts = [0, 0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** The line an offset falls on, by bisection: the last line that starts at or before it. */
function lineAt(starts: number[], offset: number): number {
  let low = 1;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}
