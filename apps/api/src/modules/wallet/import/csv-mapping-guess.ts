import { guessDateOrder, looksLikeDate } from './bank-dates.ts';
import { type CsvMapping, type CsvTable, dataRows, signWord } from './csv-reader.ts';

/**
 * A first guess at a bank CSV's columns: where the header is (a bank's title and balances may come
 * first), which column is which from the header's names in the languages of the banks' exports, or
 * from the values without a header. The user sees the guess and can change it.
 */

type Role = 'date' | 'payee' | 'amount' | 'debit' | 'credit' | 'memo' | 'category';

/**
 * Header names, lower case without accents, a currency in brackets dropped; the earlier a name in
 * its list, the likelier the column (a file with "Buchungsdatum" and "Belegdatum" is read by the first).
 */
const NAMES: Record<Role, string[]> = {
  date: [
    'date',
    'transaction date',
    'booking date',
    'posted date',
    'posting date',
    'date processed',
    'datum',
    'buchungsdatum',
    'buchungstag',
    'belegdatum',
    'fecha',
    'fecha operacion',
    'data',
    'data movimento',
    'date operation',
    "date d'operation",
    'date de valeur',
    'datum provedeni',
    'datum zauctovani',
    'posted',
    'created',
    'value date',
    'valutadatum',
    'wertstellung',
  ],
  payee: [
    'payee',
    'merchant',
    'merchant name',
    'name',
    'partner name',
    'counterparty',
    'naam tegenpartij',
    'naam',
    'empfanger',
    'auftraggeber/empfanger',
    'beguenstigter/zahlungspflichtiger',
    'name zahlungsbeteiligter',
    'beneficiaire',
    'nazev protiuctu',
    'description',
    'transaction description',
    'details',
    'desc',
    'omschrijving',
    'transaktionsbeschreibung',
    'buchungstext',
    'libelle',
    'concepto',
    'descripcion',
    'descricao',
  ],
  amount: [
    'amount',
    'transaction amount',
    'net',
    'betrag',
    'buchungsbetrag',
    'umsatz',
    'bedrag',
    'montant',
    'importe',
    'valor',
    'zauctovana castka',
    'castka',
    'value',
  ],
  debit: [
    'debit',
    'debit amount',
    'withdrawal',
    'withdrawals',
    'money out',
    'paid out',
    'outflow',
    'debet',
    'soll',
    'af',
  ],
  credit: ['credit', 'credit amount', 'deposit', 'deposits', 'money in', 'paid in', 'inflow', 'haben', 'bij'],
  memo: ['memo', 'notes', 'note', 'reference', 'verwendungszweck', 'zprava', 'mededeling', 'communication'],
  category: [
    'category',
    'transaction category',
    'spending category',
    'kategorie',
    'kategoria',
    'categorie',
    'categoria',
    'rubrique',
    'rubriek',
  ],
};

const normalName = (cell: string) =>
  cell
    .normalize('NFD')
    .replaceAll(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replaceAll(/\s+/g, ' ')
    .trim();

/** The column of `cells` named most likely for the role, or null. */
function named(cells: readonly string[], role: Role, taken: readonly (number | null)[] = []): number | null {
  const names = cells.map(normalName);
  for (const name of NAMES[role]) {
    const i = names.findIndex((n, at) => n === name && !taken.includes(at));
    if (i !== -1) return i;
  }
  return null;
}

/** The first of the first 30 rows naming a date column and an amount (or debit or credit) column. */
function headerLine(table: CsvTable): number | null {
  for (const { line, cells } of table.rows.slice(0, 30)) {
    const money = named(cells, 'amount') ?? named(cells, 'debit') ?? named(cells, 'credit');
    if (named(cells, 'date') !== null && money !== null) return line;
  }
  return null;
}

const IBAN = /^[A-Z]{2}\d{2}\s?[A-Z0-9\s]{10,34}$/;
const CARD = /^[\d*xX\s-]{4,23}$/;

export function looksLikeAmount(value: string): boolean {
  // No amount is longer; the bound also keeps the pattern's work small on a hostile cell.
  if (value.length > 32) return false;
  return /^[-+(]?\s*[$€£]?\s*\d[\d.,\s']*\)?-?$/.test(value) && !looksLikeDate(value);
}

/** A first guess at the columns, from the header's names or, without them, from the values. */
export function guessMapping(table: CsvTable): CsvMapping {
  const found = headerLine(table);
  const skipLines = found === null ? 0 : found - 1;
  const first = table.rows.find((r) => r.line > skipLines)?.cells ?? [];
  const date0 = named(first, 'date');
  const amount0 = named(first, 'amount');
  const debit0 = amount0 === null ? named(first, 'debit') : null;
  const credit0 = amount0 === null ? named(first, 'credit') : null;
  const payee0 = named(first, 'payee', [date0, amount0, debit0, credit0]);
  const header =
    found !== null ||
    [date0, amount0, debit0, credit0, payee0].some((i) => i !== null) ||
    !first.some((cell) => looksLikeDate(cell));
  const body = dataRows(table, { skipLines, header }).map((r) => r.cells);
  const sample = body.slice(0, 200);
  const columnValues = (i: number, rows = sample) => rows.map((cells) => cells[i] ?? '').filter((v) => v !== '');
  const columns = Array.from({ length: table.columns }, (_, i) => i);
  const filled = (i: number) => columnValues(i).length > 0;

  const date = date0 ?? columns.find((i) => filled(i) && columnValues(i).every(looksLikeDate)) ?? 0;
  const numeric = (i: number) => i !== date && filled(i) && columnValues(i).every(looksLikeAmount);
  const amount = amount0 ?? (debit0 === null && credit0 === null ? (columns.find(numeric) ?? null) : null);
  // Never a second date, an IBAN or a card number: a name has letters beyond those.
  const texty = (i: number) =>
    i !== date &&
    i !== amount &&
    filled(i) &&
    !numeric(i) &&
    !columnValues(i).every((v) => looksLikeDate(v) || IBAN.test(v) || CARD.test(v));
  const payee = payee0 ?? columns.find(texty) ?? (date === 0 ? 1 : 0);
  const memo = named(first, 'memo', [date, payee, amount, debit0, credit0]);
  const category = named(first, 'category', [date, payee, amount, debit0, credit0, memo]);
  const amounts = [amount, debit0, credit0].flatMap((i) => (i === null ? [] : columnValues(i)));
  const used = [date, payee, amount, memo, category];
  const { sign, flipSign } = guessSign(table.columns, columnValues, used, amount);
  return {
    skipLines,
    header,
    date,
    payee,
    amount,
    debit: amount === null ? debit0 : null,
    credit: amount === null ? credit0 : null,
    memo,
    category,
    sign,
    flipSign,
    dateOrder: guessDateOrder(columnValues(date, body)),
    decimal: guessDecimal(amounts),
  };
}

/**
 * With one amount column written without signs, a column of debit/credit words (CR, DR, S, H…) is
 * the sign. When it only ever says credit, the rows it leaves blank are the other way: a card's
 * charges written as positive numbers, its payments marked CR.
 */
function guessSign(
  count: number,
  columnValues: (i: number) => string[],
  used: readonly (number | null)[],
  amount: number | null,
): { sign: number | null; flipSign: boolean } {
  if (amount === null || columnValues(amount).some((v) => /^\s*[-(]|-\s*$/.test(v))) {
    return { sign: null, flipSign: false };
  }
  for (let i = 0; i < count; i++) {
    if (used.includes(i)) continue;
    const values = columnValues(i);
    if (values.length === 0 || !values.every((v) => signWord(v) !== null)) continue;
    return { sign: i, flipSign: values.every((v) => signWord(v) === 1) };
  }
  return { sign: null, flipSign: false };
}

/** A comma followed by one or two digits at the end, and no point, is a decimal comma. */
function guessDecimal(values: string[]): '.' | ',' {
  const comma = values.some((v) => /,\d{1,2}\)?-?$/.test(v.trim()) && !v.includes('.'));
  const point = values.some((v) => /\.\d{1,2}\)?-?$/.test(v.trim()));
  return comma && !point ? ',' : '.';
}
