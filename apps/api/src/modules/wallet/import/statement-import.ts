import { IMPORT_ACCOUNTS_MAX } from '@helo/contract/wallet';
import { BankFileError } from './bank-file-error.ts';
import { readCamt } from './camt-reader.ts';
import { readOfxFile } from './ofx-reader.ts';
import { readQif } from './qif-reader.ts';
import type { Statement, StatementAccount, StatementTransaction } from './statement-file.ts';

/**
 * A statement file (OFX/QFX, QIF, CAMT) read into the import's terms: its accounts (those with
 * transactions, the same account's statements merged), each transaction tagged with its account,
 * and what the import must say about the file (amounts rounded, parts left out).
 */

export type StatementFormat = 'ofx' | 'qif' | 'camt';

/** An account of the file, as the preview lists it. */
export interface FileAccount extends StatementAccount {
  /** Stable for the file: its position among the file's accounts, from 1. */
  key: string;
  count: number;
}

export interface StatementRows {
  accounts: FileAccount[];
  /** In the file's order; `account` is the index in `accounts`. */
  transactions: (StatementTransaction & { account: number })[];
  roundedLines: number[];
  /** A sentence naming what the file holds that is not imported, or null. */
  leftOut: string | null;
}

export function readStatements(format: StatementFormat, text: string): StatementRows {
  if (format === 'qif') {
    const qif = readQif(text);
    const leftOut =
      qif.leftOut > 0
        ? `${plural(qif.leftOut, 'investment transaction')} ${qif.leftOut === 1 ? 'is' : 'are'} not imported: Helo imports the bank, card and cash registers`
        : null;
    return grouped(qif.statements, qif.roundedLines, leftOut);
  }
  if (format === 'camt') {
    const camt = readCamt(text);
    const leftOut =
      camt.notBooked > 0
        ? `${plural(camt.notBooked, 'entry', 'entries')} not booked yet (pending) ${camt.notBooked === 1 ? 'is' : 'are'} not imported`
        : null;
    return grouped(camt.statements, camt.roundedLines, leftOut);
  }
  const ofx = readOfxFile(text);
  const cash = ofx.statements.some((s) => s.transactions.length > 0);
  const investment = ofx.trades + ofx.investmentTransactions + ofx.positions;
  if (!cash && investment > 0) {
    throw new BankFileError(
      'This is an investment statement of trades and positions only: Helo imports the cash transactions of bank, card and investment accounts, and this file has none',
    );
  }
  const parts = [
    ofx.trades > 0 ? plural(ofx.trades, 'trade') : null,
    ofx.investmentTransactions > 0 ? plural(ofx.investmentTransactions, 'other investment transaction') : null,
    ofx.positions > 0 ? plural(ofx.positions, 'position') : null,
  ].filter((p) => p !== null);
  const leftOut =
    parts.length > 0
      ? `${parts.slice(0, -1).join(', ')}${parts.length > 1 ? ' and ' : ''}${parts.at(-1)} ${investment === 1 ? 'is' : 'are'} not imported: Helo imports the cash transactions`
      : null;
  return grouped(ofx.statements, ofx.roundedLines, leftOut);
}

/** The statements' transactions under their accounts; an account's second statement joins its first. */
function grouped(statements: readonly Statement[], roundedLines: number[], leftOut: string | null): StatementRows {
  const accounts: FileAccount[] = [];
  const byKey = new Map<string, number>();
  const transactions: StatementRows['transactions'] = [];
  for (const { account, transactions: list } of statements) {
    if (list.length === 0) continue;
    const identity = JSON.stringify([account.bankId, account.accountId, account.type]);
    let index = byKey.get(identity);
    if (index === undefined) {
      index = accounts.length;
      byKey.set(identity, index);
      if (index >= IMPORT_ACCOUNTS_MAX) {
        throw new BankFileError(`the file holds more than ${IMPORT_ACCOUNTS_MAX} accounts: export fewer at a time`);
      }
      accounts.push({ ...account, key: String(index + 1), count: 0 });
    }
    const target = accounts[index] as FileAccount;
    target.count += list.length;
    for (const t of list) transactions.push({ ...t, account: index });
  }
  if (transactions.length === 0) throw new BankFileError('The file has no transactions');
  return { accounts, transactions, roundedLines, leftOut };
}

function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;
}
