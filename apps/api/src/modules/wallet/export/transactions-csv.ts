import { TRANSACTIONS_CSV_COLUMNS, type WalletTransaction } from '@helo/contract/wallet';
import Papa from 'papaparse';

/**
 * My Wallet's transactions as a CSV a user can take elsewhere (issue 31 item 6; decisions.md
 * "Transactions CSV export"): the common layout of TRANSACTIONS_CSV_COLUMNS. A split transaction is a
 * line per part (the part's category and amount: the lines add up to the whole, as importers that
 * know no splits expect); a transfer's category is "Transfer". A text cell that starts as a formula
 * would (= + - @, tab, CR) gets a leading quote, so a payee or a note a bank file brought in cannot
 * run when the file is opened in a spreadsheet; the amount column is left a number (-12.50).
 */
const OPTIONS = { newline: '\r\n' } as const;

const text = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export const csvHeader = (): string =>
  `${Papa.unparse({ fields: [...TRANSACTIONS_CSV_COLUMNS], data: [] }, OPTIONS).replace(/\r\n$/, '')}\r\n`;

/** Dollars as the file writes them: two decimals, a point, a minus for money out (exact: at most cents). */
const amount = (dollars: number) => dollars.toFixed(2);

function categoryOf(t: WalletTransaction): string {
  if (t.kind === 'transfer') return 'Transfer';
  if (t.kind === 'nest_deposit') return 'Money Nest';
  return t.category;
}

/** The lines of one transaction (more than one when it is split). */
export function csvLines(t: WalletTransaction, accountName: string): (string | number)[][] {
  const base = [t.date, text(accountName), text(t.payee)];
  const notes = text(t.note ?? '');
  const tags = text(t.tags.join(', '));
  if (t.splits && t.splits.length > 0) {
    return t.splits.map((p) => [...base, text(p.category), amount(p.amount), notes, tags]);
  }
  return [[...base, text(categoryOf(t)), amount(t.amount), notes, tags]];
}

/** A page of transactions as CSV text, each line ending in CRLF (after the header's). */
export function csvChunk(page: readonly WalletTransaction[], accountName: (id: string) => string): string {
  const data = page.flatMap((t) => csvLines(t, accountName(t.account_id)));
  if (data.length === 0) return '';
  return `${Papa.unparse({ fields: [...TRANSACTIONS_CSV_COLUMNS], data }, { ...OPTIONS, header: false })}\r\n`;
}
