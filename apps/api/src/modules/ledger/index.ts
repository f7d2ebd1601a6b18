// The ledger's public file (issue 27): every movement of money in Helo is a journal posted here, and
// every balance a page shows is read here. Other modules import this file only.
export {
  accountsOf,
  balanceOf,
  createAccount,
  ensureAccount,
  isEmpty,
  type LedgerAccount,
  type NewAccount,
} from './accounts.ts';
export {
  correct,
  type JournalInput,
  LedgerRefusal,
  type PostedJournal,
  post,
  postMany,
  type ReverseOptions,
  reverse,
} from './ledger.ts';
export {
  loanPaymentsAccount,
  OUTSIDE,
  type OutsideAccount,
  outsideAccount,
  walletAccount,
} from './named-accounts.ts';
export * from './reads.ts';
