/**
 * What the statement readers (OFX/QFX, QIF, CAMT.05x) give the import: transactions grouped by the
 * account the file says they belong to. A CSV has no such accounts (csv-reader.ts).
 */

export interface StatementTransaction {
  /** The bank's id of the transaction (FITID, AcctSvcrRef): the same id twice is the same transaction. */
  fitId: string | null;
  /** 'YYYY-MM-DD', the day posted as the bank wrote it (no time zone shift). */
  date: string;
  /** Signed: money out is negative. */
  amountCents: number;
  /** The counterparty, else a memo, check number or type: never empty for a readable row. */
  payee: string;
  memo: string | null;
  /** The bank's own category (QIF's L), when the format has one. */
  category?: string | null;
  /** The line the transaction starts on, for messages. */
  line: number;
}

/** The account a statement is about, as the bank names it (any part may be missing). */
export interface StatementAccount {
  /** BANKID / BROKERID (OFX), the BIC (CAMT). */
  bankId: string | null;
  /** ACCTID (OFX), the IBAN or other id (CAMT). */
  accountId: string | null;
  /** CHECKING, SAVINGS, CREDITLINE, CREDITCARD, INVESTMENT… as the file says. */
  type: string | null;
  currency: string | null;
  /** The account's name where the file names accounts by name (QIF's !Account): shown as it is. */
  name?: string;
}

export interface Statement {
  account: StatementAccount;
  transactions: StatementTransaction[];
}
