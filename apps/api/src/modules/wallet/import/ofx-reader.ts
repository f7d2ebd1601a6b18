import { dayOf, isCalendarDay } from '@helo/finance/calendar';
import { amountToCents } from './amount-cents.ts';
import { BankFileError } from './bank-file-error.ts';

/**
 * OFX and QFX statements (1.x SGML, where leaf tags are never closed, and 2.x XML) read in one pass
 * over the text. The npm parsers we tried hang on hostile input (shared/spec/libraries.md: a
 * malformed tag of 26 characters took 5 s), so this reader never backtracks: it walks from one '<'
 * to the next with indexOf, and its work grows with the file's length and nothing else.
 */

export interface OfxTransaction {
  /** The bank's id of the transaction: the same FITID twice is the same transaction. */
  fitId: string | null;
  /** 'YYYY-MM-DD', the day posted as the bank wrote it (no time zone shift). */
  date: string;
  /** Signed: money out is negative. */
  amountCents: number;
  /** NAME, or PAYEE's NAME, or MEMO when the bank gives no name. */
  payee: string;
  memo: string | null;
  /** The line the transaction starts on, for messages. */
  line: number;
}

/** Far more than any statement; a file with more is refused rather than read for minutes. */
export const MAX_OFX_TRANSACTIONS = 100_000;
const MAX_TAG_LENGTH = 64;

interface Open {
  line: number;
  fields: Map<string, string>;
}

export function readOfx(text: string): OfxTransaction[] {
  const start = text.search(/<OFX>/i);
  if (start === -1) throw new BankFileError('This is not an OFX or QFX file: it has no <OFX> element');
  let line = countLines(text, 0, start) + 1;
  let at = start;
  let current: Open | null = null;
  // Inside <PAYEE>…</PAYEE> a NAME is the payee's, the same as a NAME directly in the transaction.
  const transactions: OfxTransaction[] = [];

  while (at < text.length) {
    const open = text.indexOf('<', at);
    if (open === -1) break;
    line += countLines(text, at, open);
    const close = text.indexOf('>', open + 1);
    if (close === -1) throw new BankFileError('a tag is not closed with >', line);
    const tag = text.slice(open + 1, close).trim();
    if (tag.length === 0 || tag.length > MAX_TAG_LENGTH)
      throw new BankFileError('a tag has no name or a very long one', line);
    const next = text.indexOf('<', close + 1);
    const end = next === -1 ? text.length : next;
    const value = decodeEntities(text.slice(close + 1, end).trim());
    line += countLines(text, open, close + 1);
    at = close + 1;

    const name = tag.toUpperCase();
    if (name.startsWith('?') || name.startsWith('!')) continue; // <?xml …?>, <!-- … -->
    if (name === 'STMTTRN') {
      // A transaction left open by a broken file ends where the next one begins.
      if (current) transactions.push(finish(current));
      current = { line, fields: new Map() };
    } else if (name === '/STMTTRN') {
      if (!current) throw new BankFileError('</STMTTRN> without a transaction to close', line);
      transactions.push(finish(current));
      current = null;
    } else if (current && !name.startsWith('/') && value !== '') {
      // The first value wins: a NAME after PAYEE's NAME does not replace it.
      if (!current.fields.has(name)) current.fields.set(name, value);
    }
    if (transactions.length > MAX_OFX_TRANSACTIONS) {
      throw new BankFileError(`the file has more than ${MAX_OFX_TRANSACTIONS.toLocaleString('en-US')} transactions`);
    }
  }
  if (current) transactions.push(finish(current));
  return transactions;
}

function finish({ line, fields }: Open): OfxTransaction {
  const posted = fields.get('DTPOSTED');
  if (!posted) throw new BankFileError('a transaction has no date (DTPOSTED)', line);
  const amount = fields.get('TRNAMT');
  if (!amount) throw new BankFileError('a transaction has no amount (TRNAMT)', line);
  // OFX writes a decimal point, but some banks write a comma; a lone comma is then the decimal mark.
  const decimal = amount.includes(',') && !amount.includes('.') ? ',' : '.';
  const memo = fields.has('MEMO') ? cleanText(fields.get('MEMO') ?? '') : null;
  const fitId = fields.get('FITID');
  return {
    fitId: fitId ? cleanText(fitId) : null,
    date: ofxDate(posted, line),
    amountCents: amountToCents(amount, decimal, line),
    payee: cleanText(fields.get('NAME') ?? '') || memo || '',
    memo: memo || null,
    line,
  };
}

/** YYYYMMDD[HHMMSS[.XXX]][[±H:TZ]]: the day as written. */
function ofxDate(raw: string, line: number): string {
  const digits = raw.slice(0, 8);
  if (!/^\d{8}$/.test(digits)) throw new BankFileError(`the date '${raw.slice(0, 30)}' is not an OFX date`, line);
  const [y, m, d] = [Number(digits.slice(0, 4)), Number(digits.slice(4, 6)), Number(digits.slice(6, 8))];
  if (y < 1900 || !isCalendarDay(y, m, d)) {
    throw new BankFileError(`the date '${raw.slice(0, 30)}' is not a real date`, line);
  }
  return dayOf(y, m, d);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** &amp; &lt; &#233; &#xE9;: anything else is left as written (banks write bare ampersands). */
function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replaceAll(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, code: string) => {
    if (code.startsWith('#')) {
      const point = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      // NUL, surrogates and past U+10FFFF can not be stored: keep the text as the bank wrote it.
      return point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff) ? String.fromCodePoint(point) : whole;
    }
    return NAMED[code.toLowerCase()] ?? whole;
  });
}

/** At most this many characters of a payee, memo or id are kept. */
export const MAX_OFX_TEXT = 200;

/** Control characters (NUL among them, which the database refuses) become spaces; long text is cut. */
function cleanText(value: string): string {
  return value
    .replaceAll(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, MAX_OFX_TEXT);
}

/** Newlines in [from, to): a loop over just that stretch (indexOf would search past `to` to the end). */
function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) lines++;
  return lines;
}
