import { dayOf, isCalendarDay } from '@helo/finance/calendar';
import { statementAmountToCents } from './bank-amount.ts';
import { BankFileError } from './bank-file-error.ts';
import type { Statement, StatementTransaction } from './statement-file.ts';
import { cleanText } from './xml-text.ts';

/**
 * QIF (Quicken Interchange Format) registers: one line per field, a letter first, `^` ends a record.
 * Bank, credit card, cash and other asset/liability registers are read; investment, category and
 * memorised lists are left out. Dates come in dialects (`1/23'19`, `01/23/2019`, `23/01/2019`,
 * `23.01.19`): the day and month order is inferred from all the file's dates at once, because one
 * date like 01/02/2019 can not say which it is.
 */

const BANK_TYPES = new Set(['BANK', 'CCARD', 'CASH', 'OTH A', 'OTH L']);
const MAX_QIF_TRANSACTIONS = 100_000;

interface QifRecord {
  line: number;
  date: string | null;
  amount: string | null;
  payee: string;
  memo: string;
  check: string;
  /** L: the category, or '' (none, or "[Account]": a transfer). */
  category: string;
  splits: string[];
  /** The account named by the last !Account record before it (a Quicken export of several). */
  account: QifAccount | null;
}

interface QifAccount {
  name: string;
  type: string | null;
}

export interface QifFile {
  /** One per account the file names (`!Account`), else one without an account. */
  statements: Statement[];
  /** Every transaction, in the file's order. */
  transactions: StatementTransaction[];
  roundedLines: number[];
  /** Records of registers Helo does not import (an investment register's trades). */
  leftOut: number;
}

export function readQif(text: string): QifFile {
  const records: QifRecord[] = [];
  let leftOut = 0;
  // Before any !Type header a file is taken as a bank register.
  let section: 'bank' | 'investment' | 'account' | 'other' = 'bank';
  let account: QifAccount | null = null;
  let sawType = false;
  let record: QifRecord | null = null;
  let split: { category: string; memo: string } | null = null;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const lineNo = i + 1;
    const line = raw.trimEnd();
    if (line.trim() === '') continue;
    if (line.startsWith('!')) {
      const header = line.slice(1).trim().toUpperCase();
      if (header.startsWith('TYPE:')) {
        sawType = true;
        const type = header.slice(5).trim();
        section = BANK_TYPES.has(type) ? 'bank' : type === 'INVST' ? 'investment' : 'other';
      } else if (header === 'ACCOUNT') {
        // An account's record (N name, T type, ^): the registers after it are that account's.
        section = 'account';
      }
      // !Option:… and !Clear:… lines change nothing that is read here.
      continue;
    }
    if (line.trim() === '^') {
      if (record) {
        // In an account's record N is its name and T its type (read into `check` and `amount`).
        if (section === 'account' && record.check !== '') {
          account = { name: cleanText(record.check), type: record.amount?.trim().toUpperCase() || null };
        } else if (section === 'bank') records.push(record);
        else if (section === 'investment') leftOut += 1;
      }
      record = null;
      split = null;
      if (records.length > MAX_QIF_TRANSACTIONS) {
        throw new BankFileError(`the file has more than ${MAX_QIF_TRANSACTIONS.toLocaleString('en-US')} transactions`);
      }
      continue;
    }
    record ??= {
      line: lineNo,
      date: null,
      amount: null,
      payee: '',
      memo: '',
      check: '',
      category: '',
      splits: [],
      account,
    };
    const value = line.slice(1).trim();
    switch (line[0]) {
      case 'D':
        record.date = value;
        break;
      case 'T':
        record.amount = value;
        break;
      case 'U':
        record.amount ??= value;
        break;
      case 'P':
        record.payee = value;
        break;
      case 'M':
        record.memo = value;
        break;
      case 'N':
        record.check = value;
        break;
      case 'L':
        // "[Savings]" names a transfer account, not a category.
        record.category = value.startsWith('[') ? '' : value;
        break;
      case 'S':
        split = { category: value, memo: '' };
        break;
      case 'E':
        if (split) split.memo = value;
        break;
      case '$':
        if (split) {
          record.splits.push(`${split.category || 'Split'} ${value}${split.memo ? ` (${split.memo})` : ''}`);
          split = null;
        }
        break;
      default:
        // C cleared, A address, investment fields: not kept.
        break;
    }
  }
  if (record && section === 'bank' && (record.date !== null || record.amount !== null)) records.push(record);
  if (!sawType && records.length === 0) throw new BankFileError('This is not a QIF file: it has no !Type line');
  const order = dateOrder(records);
  const roundedLines: number[] = [];
  const transactions = records.map((r): StatementTransaction => {
    if (r.date === null) throw new BankFileError('a transaction has no date (D)', r.line);
    if (r.amount === null) throw new BankFileError('a transaction has no amount (T)', r.line);
    const { cents, rounded } = statementAmountToCents(r.amount, r.line);
    if (rounded) roundedLines.push(r.line);
    const memo = cleanText(r.memo);
    const check = cleanText(r.check);
    const splits = r.splits.length > 0 ? `Split: ${r.splits.join('; ')}` : '';
    const note = cleanText([memo, splits].filter(Boolean).join(' · '));
    return {
      fitId: null,
      date: qifDate(r.date, order, r.line),
      amountCents: cents,
      payee:
        cleanText(r.payee) ||
        memo ||
        (/^\d+$/.test(check) ? `Check ${check}` : '') ||
        (cents < 0 ? 'Withdrawal' : 'Deposit'),
      memo: note || null,
      category: cleanText(r.category) || null,
      line: r.line,
    };
  });
  const statements = new Map<string, Statement>();
  transactions.forEach((t, i) => {
    const named = records[i]?.account ?? null;
    const key = named?.name ?? '';
    let statement = statements.get(key);
    if (!statement) {
      statement = {
        account: { bankId: null, accountId: named?.name ?? null, type: named?.type ?? null, currency: null },
        transactions: [],
      };
      if (named) statement.account.name = named.name;
      statements.set(key, statement);
    }
    statement.transactions.push(t);
  });
  return { statements: [...statements.values()], transactions, roundedLines, leftOut };
}

type Order = 'ymd' | 'mdy' | 'dmy';

/** A date's three numbers and whether its year was written with Quicken's apostrophe (the 2000s). */
function parts(raw: string): { a: number; b: number; c: number; apostrophe: boolean; first4: boolean } | null {
  const match = /^\s*(\d{1,4})\s*[/.\-\s]\s*(\d{1,2})\s*([/.\-'\s])\s*(\d{1,4})\s*$/.exec(raw);
  if (!match) return null;
  return {
    a: Number(match[1]),
    b: Number(match[2]),
    c: Number(match[4]),
    apostrophe: match[3] === "'",
    first4: (match[1] ?? '').length === 4,
  };
}

/**
 * The file's one order: year first when a year leads; else day first when some first number is
 * past 12 or the dates are dotted (a European habit), month first when some second number is past 12
 * or nothing tells (Quicken is American). Dates that point both ways refuse the file.
 */
function dateOrder(records: readonly QifRecord[]): Order {
  let dayFirst = false;
  let monthFirst = false;
  let dotted = false;
  for (const r of records) {
    const p = r.date === null ? null : parts(r.date);
    if (!p) continue;
    if (p.first4) return 'ymd';
    if (p.a > 12) dayFirst = true;
    if (p.b > 12) monthFirst = true;
    if (r.date?.includes('.')) dotted = true;
  }
  if (dayFirst && monthFirst) {
    throw new BankFileError('the dates are written both day first and month first: the order can not be told');
  }
  return dayFirst || (dotted && !monthFirst) ? 'dmy' : 'mdy';
}

function qifDate(raw: string, order: Order, line: number): string {
  const p = parts(raw);
  if (!p) throw new BankFileError(`the date '${raw.slice(0, 30)}' is not a QIF date`, line);
  const [y, m, d] = order === 'ymd' ? [p.a, p.b, p.c] : order === 'mdy' ? [p.c, p.a, p.b] : [p.c, p.b, p.a];
  // Two-digit years: Quicken's apostrophe means the 2000s; otherwise 70–99 are the 1900s.
  const year = y >= 100 ? y : p.apostrophe || y < 70 ? 2000 + y : 1900 + y;
  if (year < 1900 || !isCalendarDay(year, m, d)) {
    throw new BankFileError(`the date '${raw.slice(0, 30)}' is not a real date`, line);
  }
  return dayOf(year, m, d);
}
