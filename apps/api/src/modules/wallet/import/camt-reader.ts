import { PAYEE_MAX } from '@helo/contract/wallet';
import { dayOf, isCalendarDay } from '@helo/finance/calendar';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { statementAmountToCents } from './bank-amount.ts';
import { BankFileError } from './bank-file-error.ts';
import type { Statement, StatementTransaction } from './statement-file.ts';
import { cleanText, decodeEntities } from './xml-text.ts';

/**
 * ISO 20022 bank-to-customer cash statements: camt.053 (the statement), camt.052 (the intraday
 * report) and camt.054 (debit/credit notifications), any version: their entries (`Ntry`) are the same.
 * Parsed by fast-xml-parser with entity expansion off and any DOCTYPE refused, so a document can not
 * define entities that grow to gigabytes or read a file ("billion laughs", XXE); the five XML entities
 * and character references are decoded by us.
 */

/** A camt document by its namespace (urn:iso:std:iso:20022:tech:xsd:camt.053.001.08 and kin). */
export const CAMT_NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:camt\.05[234]\./;

export interface CamtFile {
  statements: Statement[];
  roundedLines: number[];
  /** Entries not booked yet (pending, for information): left out until the bank books them. */
  notBooked: number;
}

const LISTS = new Set(['Stmt', 'Rpt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Othr']);
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => LISTS.has(name),
});
const MAX_CAMT_TRANSACTIONS = 100_000;

type Node = Record<string, unknown>;

export function readCamt(text: string): CamtFile {
  if (/<!DOCTYPE/i.test(text)) {
    throw new BankFileError('The file declares a DOCTYPE: a bank statement has none, and Helo does not read one');
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new BankFileError(`the XML is broken: ${valid.err.msg}`, valid.err.line);
  let parsed: Node;
  try {
    parsed = node(parser.parse(text));
  } catch (e) {
    // The parser's own limits (tags nested past 100 deep): a file no bank writes.
    throw new BankFileError(`the XML can not be read: ${e instanceof Error ? e.message.slice(0, 200) : 'unknown'}`);
  }
  const document = node(parsed.Document);
  const containers = [
    ...list(node(document.BkToCstmrStmt).Stmt),
    ...list(node(document.BkToCstmrAcctRpt).Rpt),
    ...list(node(document.BkToCstmrDbtCdtNtfctn).Ntfctn),
  ];
  if (containers.length === 0) {
    throw new BankFileError('This is not a CAMT.053 statement: it has no Stmt (or Rpt, Ntfctn) element');
  }
  const entryLines = linesOf(text, /<(?:[\w.-]+:)?Ntry[\s>]/g);
  const file: CamtFile = { statements: [], roundedLines: [], notBooked: 0 };
  let entryIndex = 0;
  let count = 0;
  for (const container of containers) {
    const account = node(container.Acct);
    const id = node(account.Id);
    const institution = node(node(account.Svcr).FinInstnId);
    const statement: Statement = {
      account: {
        bankId: textOf(institution.BIC) ?? textOf(institution.BICFI),
        accountId: textOf(id.IBAN) ?? textOf(node(list(id.Othr)[0]).Id),
        type: textOf(node(account.Tp).Cd) ?? textOf(node(account.Tp).Prtry),
        currency: textOf(account.Ccy),
      },
      transactions: [],
    };
    for (const entry of list(container.Ntry)) {
      const line = entryLines[entryIndex++] ?? 1;
      const status = textOf(entry.Sts) ?? textOf(node(entry.Sts).Cd);
      if (status !== null && status.toUpperCase() !== 'BOOK') {
        file.notBooked += 1;
        continue;
      }
      for (const t of entryTransactions(entry, line, file)) {
        statement.transactions.push(t);
        if (++count > MAX_CAMT_TRANSACTIONS) {
          throw new BankFileError(
            `the file has more than ${MAX_CAMT_TRANSACTIONS.toLocaleString('en-US')} transactions`,
          );
        }
      }
    }
    file.statements.push(statement);
  }
  return file;
}

/**
 * An entry's transactions: one, or (a batch booked as one entry) one per transaction detail when
 * each has its own amount and they add up to the entry's.
 */
function entryTransactions(entry: Node, line: number, file: CamtFile): StatementTransaction[] {
  const amount = textOf(entry.Amt);
  if (amount === null) throw new BankFileError('an entry has no amount (Amt)', line);
  const sign = signOf(entry.CdtDbtInd, line);
  const date = dateOf(entry, line);
  const ref = textOf(entry.AcctSvcrRef) ?? textOf(entry.NtryRef);
  const details = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
  const entryCents = cents(amount, sign, line, file);
  if (details.length > 1) {
    const parts = details.map((d) => {
      const raw = detailAmount(d);
      return raw === null ? null : cents(raw, d.CdtDbtInd === undefined ? sign : signOf(d.CdtDbtInd, line), line, file);
    });
    if (parts.every((p) => p !== null) && parts.reduce((a: number, p) => a + (p ?? 0), 0) === entryCents) {
      return details.map((d, i) => {
        const own = textOf(node(d.Refs).AcctSvcrRef);
        return transaction(entry, d, parts[i] ?? 0, date, own ?? (ref ? `${ref}/${i + 1}` : null), line);
      });
    }
  }
  return [transaction(entry, details[0] ?? {}, entryCents, date, ref, line)];
}

function transaction(
  entry: Node,
  detail: Node,
  amountCents: number,
  date: string,
  fitId: string | null,
  line: number,
): StatementTransaction {
  const parties = node(detail.RltdPties);
  // Money in names who paid (the debtor), money out whom it went to (the creditor).
  const [party, ultimate] = amountCents >= 0 ? ['Dbtr', 'UltmtDbtr'] : ['Cdtr', 'UltmtCdtr'];
  const counterparty = nameOf(parties[party]) ?? nameOf(parties[ultimate]);
  const unstructured = node(detail.RmtInf).Ustrd;
  const remittance = oneLine((Array.isArray(unstructured) ? unstructured : []).map(textOf).join(' '));
  const additional = oneLine(textOf(entry.AddtlNtryInf) ?? textOf(detail.AddtlTxInf) ?? '');
  const payee = counterparty ?? (remittance || additional);
  // A long remittance line used as the payee is cut there (100 characters): the note keeps it whole.
  const memo = [remittance, additional].filter((m) => m !== '' && (m !== payee || m.length > PAYEE_MAX)).join(' · ');
  return {
    fitId: fitId ? cleanText(fitId) : null,
    date,
    amountCents,
    payee: cleanText(payee),
    memo: memo ? cleanText(memo) : null,
    line,
  };
}

/** A party's name: `Nm` directly (up to version 07) or under `Pty` (08 and later). */
function nameOf(value: unknown): string | null {
  const party = node(value);
  return textOf(party.Nm) ?? textOf(node(party.Pty).Nm);
}

function detailAmount(detail: Node): string | null {
  const amounts = node(detail.AmtDtls);
  return textOf(detail.Amt) ?? textOf(node(amounts.TxAmt).Amt) ?? textOf(node(amounts.InstdAmt).Amt);
}

function signOf(value: unknown, line: number): 1 | -1 {
  const code = textOf(value)?.toUpperCase();
  if (code === 'CRDT') return 1;
  if (code === 'DBIT') return -1;
  throw new BankFileError('an entry is neither a credit nor a debit (CdtDbtInd is CRDT or DBIT)', line);
}

function cents(raw: string, sign: 1 | -1, line: number, file: CamtFile): number {
  if (/^\s*[-+(]/.test(raw)) throw new BankFileError(`the amount '${raw.slice(0, 40)}' has a sign of its own`, line);
  const { cents: value, rounded } = statementAmountToCents(raw, line);
  if (rounded && !file.roundedLines.includes(line)) file.roundedLines.push(line);
  return sign * value;
}

/** The booking day, else the value day: `Dt`, or the day of a `DtTm` as written. */
function dateOf(entry: Node, line: number): string {
  for (const key of ['BookgDt', 'ValDt']) {
    const when = node(entry[key]);
    const raw = textOf(when.Dt) ?? textOf(when.DtTm);
    if (raw === null) continue;
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
    const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
    if (!match || y < 1900 || !isCalendarDay(y, m, d)) {
      throw new BankFileError(`the date '${raw.slice(0, 30)}' is not a real date`, line);
    }
    return dayOf(y, m, d);
  }
  throw new BankFileError('an entry has no booking or value date', line);
}

const node = (value: unknown): Node =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {};
const list = (value: unknown): Node[] =>
  Array.isArray(value) ? value.map(node) : value === undefined ? [] : [node(value)];

/** An element's text (entities decoded), or null when it is absent, empty or not text. */
function textOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = decodeEntities(value).trim();
  return text === '' ? null : text;
}

const oneLine = (value: string) => value.replaceAll(/\s+/g, ' ').trim();

/** The line of each match, in order: the entries' lines for messages. */
function linesOf(text: string, pattern: RegExp): number[] {
  const lines: number[] = [];
  let line = 1;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    for (let i = at; i < match.index; i++) if (text.charCodeAt(i) === 10) line++;
    at = match.index;
    lines.push(line);
  }
  return lines;
}
