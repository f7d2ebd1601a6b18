import Papa from 'papaparse';
import { amountToCents } from './amount-cents.ts';
import { type DateOrder, looksLikeDate, parseDate } from './bank-dates.ts';
import { BankFileError } from './bank-file-error.ts';

/**
 * Bank CSV exports: every bank names and orders its columns its own way, writes its own dates and
 * may use a decimal comma. papaparse splits the file (it guesses the delimiter and handles quotes);
 * csv-mapping-guess.ts guesses which column is which, and the user can change the guess before importing.
 */

export { DATE_ORDERS, type DateOrder } from './bank-dates.ts';

export interface CsvMapping {
  /** Lines of the file before the header (or the first row): a bank's title, balances, blank lines. */
  skipLines: number;
  /** Whether the first row after those holds column names rather than a transaction. */
  header: boolean;
  date: number;
  payee: number;
  /** One signed amount column, or a debit (money out) and a credit (money in) column. */
  amount: number | null;
  debit: number | null;
  credit: number | null;
  memo: number | null;
  /** The bank's own category of each row. */
  category: number | null;
  /** A column saying which way the money went (debit/credit, CR/DR, S/H, Af/Bij). */
  sign: number | null;
  /** Amounts written the other way round (a card's charges as positive numbers). */
  flipSign: boolean;
  dateOrder: DateOrder;
  decimal: '.' | ',';
}

export interface CsvTable {
  /** Every row as the file has it, with the line it starts on. */
  rows: { line: number; cells: string[] }[];
  columns: number;
  delimiter: string;
}

export interface CsvTransaction {
  date: string;
  amountCents: number;
  payee: string;
  memo: string | null;
  category: string | null;
  line: number;
}

export interface CsvProblem {
  line: number;
  message: string;
}

export interface CsvReading {
  transactions: CsvTransaction[];
  /** Rows that could not be read under the mapping, each with its line. */
  problems: CsvProblem[];
  /** Lines of rows the bank marks pending: not booked yet, left out. */
  pendingLines: number[];
  /** Lines after the last transaction that are not transactions (totals, a closing balance). */
  footerLines: number[];
}

export const MAX_CSV_ROWS = 100_000;

/**
 * Old Macs end lines with CR alone, and some exports write CR CR LF: both become LF before papaparse
 * (which picks one line end for the whole file), so each row, and its line number, is where an
 * editor shows it.
 */
function normalLineEnds(text: string): string {
  return text.replaceAll(/\r*\n|\r+(?!\n)/g, '\n');
}

export function readCsvTable(raw: string): CsvTable {
  const text = normalLineEnds(raw);
  const starts = lineStarts(text);
  const rows: CsvTable['rows'] = [];
  let unclosedQuote: number | null = null;
  let rowStart = 0;
  let delimiter = ',';
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
    newline: '\n',
    // Row by row, to know where each row starts (its line, for messages) and to stop a huge file early.
    step: (result, parser) => {
      delimiter = result.meta.delimiter;
      // Blank lines skipped before the row belong to no row: step over them to where it begins.
      while (rowStart < text.length && text.charAt(rowStart) === '\n') rowStart++;
      const line = lineAt(starts, rowStart);
      rowStart = result.meta.cursor;
      if (result.errors.some((e) => e.type === 'Quotes')) unclosedQuote ??= line;
      rows.push({ line, cells: result.data.map(cleanCell) });
      if (rows.length > MAX_CSV_ROWS + 1) parser.abort();
    },
  });
  if (rows.length > MAX_CSV_ROWS + 1) throw new BankFileError(`the file has more than ${MAX_CSV_ROWS} rows`);
  if (unclosedQuote !== null) throw new BankFileError('a quoted field is not closed', unclosedQuote);
  if (rows.length === 0) throw new BankFileError('The file is empty');
  return { rows, columns: Math.max(...rows.map((r) => r.cells.length)), delimiter };
}

/**
 * A cell trimmed; a record that lost its opening quote (`NL77…","EUR"`, a Rabobank export) leaves
 * the closing one on its first cell, which the bank did not mean as text.
 */
function cleanCell(cell: string): string {
  const trimmed = cell.trim();
  if (trimmed.endsWith('"') && (trimmed.match(/"/g) ?? []).length === 1) return trimmed.slice(0, -1).trim();
  return trimmed;
}

/** The rows a mapping reads: those after the skipped lines, less the header. */
export function dataRows(table: CsvTable, mapping: Pick<CsvMapping, 'skipLines' | 'header'>): CsvTable['rows'] {
  const after = table.rows.filter((r) => r.line > mapping.skipLines);
  return mapping.header ? after.slice(1) : after;
}

/** The header row a mapping names (the first row after the skipped lines), if it has one. */
export function headerRow(table: CsvTable, mapping: Pick<CsvMapping, 'skipLines' | 'header'>): string[] | null {
  if (!mapping.header) return null;
  return table.rows.find((r) => r.line > mapping.skipLines)?.cells ?? null;
}

const PENDING = /^(pending|vorgemerkt|in behandeling|en attente|pendiente|pendente|en cours)$/i;
const CREDIT_WORD =
  /^(c|cr|credit|cr[eé]dit|cr[eé]dito|haben|h|bij|gutschrift|in|inflow|deposit|incoming|abono|entrada)$/i;
const DEBIT_WORD =
  /^(d|dr|db|debit|d[eé]bit|d[eé]bito|debet|soll|s|af|lastschrift|out|outflow|withdrawal|outgoing|cargo|sa[ií]da)$/i;

/** +1 or −1 for a word that says which way the money went; null for anything else. */
export function signWord(value: string): 1 | -1 | null {
  const word = value.trim().replace(/\.$/, '');
  if (CREDIT_WORD.test(word)) return 1;
  if (DEBIT_WORD.test(word)) return -1;
  return null;
}

/**
 * The rows as transactions under a mapping. A row that does not fit is a problem naming its line,
 * and the rest are read: the user can change the mapping, or leave those rows out. A row the bank
 * marks pending is left out; a row with no date and no amount continues the transaction above
 * (a second line of its description); undated rows that fail after the last transaction are the
 * file's footer.
 */
export function csvTransactions(table: CsvTable, mapping: CsvMapping): CsvReading {
  const data = dataRows(table, mapping);
  if (data.length > MAX_CSV_ROWS) throw new BankFileError(`the file has more than ${MAX_CSV_ROWS} rows`);
  const transactions: CsvTransaction[] = [];
  const problems: (CsvProblem & { dated: boolean })[] = [];
  const pendingLines: number[] = [];
  for (const { line, cells } of data) {
    const cell = (i: number | null) => (i === null ? '' : (cells[i] ?? ''));
    if (cells.every((c) => c === '')) continue;
    const dateCell = cell(mapping.date);
    if (PENDING.test(dateCell)) {
      pendingLines.push(line);
      continue;
    }
    const previous = transactions.at(-1);
    const amountCells = [mapping.amount, mapping.debit, mapping.credit].map(cell);
    if (dateCell === '' && amountCells.every((c) => c === '') && previous) {
      const more = cleanText(cells.filter((c) => c !== '').join(' '));
      previous.memo = cleanText([previous.memo, more].filter(Boolean).join(' ')) || null;
      continue;
    }
    try {
      const memo = cleanText(cell(mapping.memo));
      transactions.push({
        date: parseDate(dateCell, mapping.dateOrder, line),
        amountCents: amountOf(cell, mapping, line),
        payee: cleanText(cell(mapping.payee)) || memo,
        memo: memo || null,
        category: cleanText(cell(mapping.category)) || null,
        line,
      });
    } catch (e) {
      if (!(e instanceof BankFileError)) throw e;
      problems.push({ line, message: e.reason, dated: looksLikeDate(dateCell) });
    }
  }
  // A footer's rows have no date ("Total", a closing balance): a dated row that fails is a problem.
  const last = transactions.at(-1)?.line;
  const footer = last === undefined ? [] : problems.filter((p) => p.line > last && !p.dated);
  return {
    transactions,
    problems: problems.filter((p) => !footer.includes(p)).map(({ line, message }) => ({ line, message })),
    pendingLines,
    footerLines: footer.map((p) => p.line),
  };
}

function amountOf(cell: (i: number | null) => string, mapping: CsvMapping, line: number): number {
  let cents: number;
  if (mapping.amount !== null) {
    cents = amountToCents(cell(mapping.amount), mapping.decimal, line);
  } else {
    const out = cell(mapping.debit);
    const into = cell(mapping.credit);
    if (out === '' && into === '') throw new BankFileError('the row has neither a debit nor a credit', line);
    // A debit is money out whatever sign the bank wrote it with.
    cents =
      (into === '' ? 0 : Math.abs(amountToCents(into, mapping.decimal, line))) -
      (out === '' ? 0 : Math.abs(amountToCents(out, mapping.decimal, line)));
  }
  // A sign column's word decides; a row without one is read as written, flipped when asked.
  const word = mapping.sign === null ? null : signWord(cell(mapping.sign));
  if (word !== null) return word * Math.abs(cents);
  return mapping.flipSign && cents !== 0 ? -cents : cents;
}

export function cleanText(value: string): string {
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
