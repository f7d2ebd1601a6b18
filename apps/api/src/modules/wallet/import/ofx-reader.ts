import { dayOf, isCalendarDay } from '@helo/finance/calendar';
import { statementAmountToCents } from './bank-amount.ts';
import { BankFileError } from './bank-file-error.ts';
import type { Statement, StatementAccount, StatementTransaction } from './statement-file.ts';
import { cleanText, decodeEntities, MAX_BANK_TEXT } from './xml-text.ts';

/**
 * OFX and QFX statements (1.x SGML, where leaf tags are never closed, and 2.x XML) read in one pass
 * over the text. The npm parsers we tried hang on hostile input (shared/spec/libraries.md: a
 * malformed tag of 26 characters took 5 s), so this reader never backtracks: it walks from one '<'
 * to the next with indexOf, and its work grows with the file's length and nothing else.
 */

export type OfxTransaction = StatementTransaction;

export type OfxAccount = StatementAccount;
export type OfxStatement = Statement;

export interface OfxFile {
  /** In the file's order; transactions outside any statement (a broken file) make one of their own. */
  statements: OfxStatement[];
  /** Lines of amounts with more than two decimals, rounded half-even to cents. */
  roundedLines: number[];
  /** An investment statement's trades (BUYSTOCK, SELLMF…), which Helo does not import. */
  trades: number;
  /** Its other investment transactions (INCOME, REINVEST, SPLIT…). */
  investmentTransactions: number;
  /** An investment statement's positions (POSSTOCK, POSMF…). */
  positions: number;
}

/** Far more than any statement; a file with more is refused rather than read for minutes. */
export const MAX_OFX_TRANSACTIONS = 100_000;
/** Kept for the readers' callers: the longest payee, memo or id kept. */
export const MAX_OFX_TEXT = MAX_BANK_TEXT;
const MAX_TAG_LENGTH = 64;
const CDATA = '<![CDATA[';

const STATEMENTS: Record<string, string | null> = { STMTRS: null, CCSTMTRS: 'CREDITCARD', INVSTMTRS: 'INVESTMENT' };
const ACCOUNT_FROM = new Set(['BANKACCTFROM', 'CCACCTFROM', 'INVACCTFROM']);
const TRADE = /^(?:BUY|SELL)(?:STOCK|MF|DEBT|OPT|OTHER)$/;
const INVESTMENT_TRANSACTION =
  /^(?:INCOME|REINVEST|TRANSFER|SPLIT|MARGININTEREST|RETOFCAP|JRNLFUND|JRNLSEC|CLOSUREOPT|INVEXPENSE)$/;
const POSITION = /^POS(?:STOCK|MF|DEBT|OPT|OTHER)$/;

interface Open {
  line: number;
  fields: Map<string, string>;
}

/** Every transaction of the file, in its order (the statements' accounts aside). */
export function readOfx(text: string): OfxTransaction[] {
  return readOfxFile(text).statements.flatMap((s) => s.transactions);
}

export function readOfxFile(text: string): OfxFile {
  const start = text.search(/<OFX>/i);
  if (start === -1) throw new BankFileError('This is not an OFX or QFX file: it has no <OFX> element');
  let line = countLines(text, 0, start) + 1;
  let at = start;
  let current: Open | null = null;
  let statement: OfxStatement | null = null;
  let loose: OfxStatement | null = null;
  // Inside BANKACCTFROM and its kin: their ACCTID is the statement's (a BANKACCTTO in a transfer is not).
  let inFrom = false;
  const file: OfxFile = { statements: [], roundedLines: [], trades: 0, investmentTransactions: 0, positions: 0 };
  let count = 0;
  const push = (open: Open) => {
    if (!statement && !loose) {
      loose = { account: { bankId: null, accountId: null, type: null, currency: null }, transactions: [] };
      file.statements.push(loose);
    }
    const target = (statement ?? loose) as OfxStatement;
    target.transactions.push(finish(open, file));
    count += 1;
    if (count > MAX_OFX_TRANSACTIONS) {
      throw new BankFileError(`the file has more than ${MAX_OFX_TRANSACTIONS.toLocaleString('en-US')} transactions`);
    }
  };

  while (at < text.length) {
    const open = text.indexOf('<', at);
    if (open === -1) break;
    line += countLines(text, at, open);
    const close = text.indexOf('>', open + 1);
    if (close === -1) throw new BankFileError('a tag is not closed with >', line);
    const tag = text.slice(open + 1, close).trim();
    if (tag.length === 0 || tag.length > MAX_TAG_LENGTH)
      throw new BankFileError('a tag has no name or a very long one', line);
    // The value runs to the next tag; a <![CDATA[…]]> section is part of it, taken as written.
    let value = '';
    let end = close + 1;
    let after = close + 1;
    for (;;) {
      const next = text.indexOf('<', end);
      const stop = next === -1 ? text.length : next;
      value += decodeEntities(text.slice(end, stop));
      if (next === -1 || !text.startsWith(CDATA, next)) {
        end = stop;
        break;
      }
      const cdataEnd = text.indexOf(']]>', next + CDATA.length);
      if (cdataEnd === -1) throw new BankFileError('a <![CDATA[ section is not closed with ]]>', line);
      value += text.slice(next + CDATA.length, cdataEnd);
      end = cdataEnd + 3;
      after = end;
    }
    value = value.trim();
    line += countLines(text, open, close + 1);
    // Past the CDATA sections read into the value, counting their lines.
    line += countLines(text, close + 1, after);
    at = after;

    const name = tag.toUpperCase();
    if (name.startsWith('?') || name.startsWith('!')) continue; // <?xml …?>, <!-- … -->
    if (name === 'STMTTRN') {
      // A transaction left open by a broken file ends where the next one begins.
      if (current) push(current);
      current = { line, fields: new Map() };
    } else if (name === '/STMTTRN') {
      if (!current) throw new BankFileError('</STMTTRN> without a transaction to close', line);
      push(current);
      current = null;
    } else if (current && !name.startsWith('/') && value !== '') {
      // The first value wins: a NAME after PAYEE's NAME does not replace it.
      if (!current.fields.has(name)) current.fields.set(name, value);
    } else if (name in STATEMENTS) {
      statement = {
        account: { bankId: null, accountId: null, type: STATEMENTS[name] ?? null, currency: null },
        transactions: [],
      };
      file.statements.push(statement);
    } else if (name.startsWith('/') && name.slice(1) in STATEMENTS) {
      statement = null;
    } else if (ACCOUNT_FROM.has(name)) {
      inFrom = true;
    } else if (name.startsWith('/') && ACCOUNT_FROM.has(name.slice(1))) {
      inFrom = false;
    } else if (statement && value !== '') {
      const account = statement.account;
      if (name === 'CURDEF') account.currency ??= cleanText(value).slice(0, 3);
      else if (inFrom && (name === 'BANKID' || name === 'BROKERID')) account.bankId ??= cleanText(value);
      else if (inFrom && name === 'ACCTID') account.accountId ??= cleanText(value);
      else if (inFrom && name === 'ACCTTYPE') account.type ??= cleanText(value).toUpperCase();
    }
    if (TRADE.test(name)) file.trades += 1;
    else if (INVESTMENT_TRANSACTION.test(name)) file.investmentTransactions += 1;
    else if (POSITION.test(name)) file.positions += 1;
  }
  if (current) push(current);
  return file;
}

const TYPE_NAMES: Record<string, string> = {
  CREDIT: 'Credit',
  DEBIT: 'Debit',
  INT: 'Interest',
  DIV: 'Dividend',
  FEE: 'Fee',
  SRVCHG: 'Service charge',
  DEP: 'Deposit',
  ATM: 'ATM',
  POS: 'Point of sale',
  XFER: 'Transfer',
  CHECK: 'Check',
  PAYMENT: 'Payment',
  CASH: 'Cash withdrawal',
  DIRECTDEP: 'Direct deposit',
  DIRECTDEBIT: 'Direct debit',
  REPEATPMT: 'Repeating payment',
  HOLD: 'Hold',
  OTHER: 'Other',
};

function finish({ line, fields }: Open, file: OfxFile): OfxTransaction {
  const posted = fields.get('DTPOSTED');
  if (!posted) throw new BankFileError('a transaction has no date (DTPOSTED)', line);
  const amount = fields.get('TRNAMT');
  if (!amount) throw new BankFileError('a transaction has no amount (TRNAMT)', line);
  const { cents, rounded } = statementAmountToCents(amount, line);
  if (rounded) file.roundedLines.push(line);
  const memo = fields.has('MEMO') ? cleanText(fields.get('MEMO') ?? '') : null;
  const fitId = fields.get('FITID');
  return {
    fitId: fitId ? cleanText(fitId) : null,
    date: ofxDate(posted, line),
    amountCents: cents,
    payee: cleanText(fields.get('NAME') ?? '') || memo || fallbackPayee(fields),
    memo: memo || null,
    line,
  };
}

/** A transaction without NAME or MEMO: its check number ("Check 1001"), else its type ("Debit"). */
function fallbackPayee(fields: Map<string, string>): string {
  const check = cleanText(fields.get('CHECKNUM') ?? '').replace(/^0+(?=.)/, '');
  if (check) return `Check ${check}`;
  const type = cleanText(fields.get('TRNTYPE') ?? '').toUpperCase();
  return TYPE_NAMES[type] ?? (type ? type.charAt(0) + type.slice(1).toLowerCase() : '');
}

/** YYYYMMDD[HHMMSS[.XXX]][[±H:TZ]]: the day as written (the zone says where, not which day). */
function ofxDate(raw: string, line: number): string {
  const digits = raw.slice(0, 8);
  if (!/^\d{8}$/.test(digits)) throw new BankFileError(`the date '${raw.slice(0, 30)}' is not an OFX date`, line);
  const [y, m, d] = [Number(digits.slice(0, 4)), Number(digits.slice(4, 6)), Number(digits.slice(6, 8))];
  if (y < 1900 || !isCalendarDay(y, m, d)) {
    throw new BankFileError(`the date '${raw.slice(0, 30)}' is not a real date`, line);
  }
  return dayOf(y, m, d);
}

/** Newlines in [from, to): a loop over just that stretch (indexOf would search past `to` to the end). */
function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) lines++;
  return lines;
}
