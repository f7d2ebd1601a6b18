// The ledger's public file (issue 27): every movement of money in Helo is a journal posted here, and
// every balance a page shows is read here. Other modules import this file only.
export {
  type AccountFields,
  accountsOf,
  balanceOf,
  closeAccount,
  createAccount,
  ensureAccount,
  isEmpty,
  type LedgerAccount,
  lockOwnAccount,
  type NewAccount,
  saveAccountFields,
} from './accounts.ts';
export { discardStaged, publish, stage, stageEach } from './batches.ts';
export { liveGroupsSql, livePageQuery, searchCondition, subjectBalanceSql, sumsQuery } from './journals.repository.ts';
export {
  bankIdsIn,
  countLive,
  countLiveOn,
  type DescriptionTally,
  descriptionTallies,
  freshOrdinaryRows,
  groupJournals,
  type HistoryLedgerRow,
  type JournalCursor,
  type JournalFilter,
  liveJournal,
  liveJournals,
  liveJournalsOfGroups,
  liveJournalsOn,
  monthSums,
  type OpposingRow,
  opposingRows,
  ordinaryRowsBetween,
  possibleRepeats,
} from './journals.ts';
export {
  correct,
  type JournalInput,
  LedgerRefusal,
  type PostedJournal,
  post,
  postMany,
  type ReverseOptions,
  repost,
  reverse,
} from './ledger.ts';
export {
  findLink,
  type LedgerLink,
  LINK_DAYS,
  type LinkCandidate,
  type LinkFilter,
  link,
  linkCandidates,
  linkedGroupsSql,
  linkHeldIn,
  liveLinkCount,
  liveLinkOf,
  liveLinksLike,
  liveLinksPage,
  moveLinks,
  type NewLink,
  pairedJournalIds,
  unlink,
  unlinkBack,
} from './links.ts';
export { correctMany, repostMany, reverseMany } from './many.ts';
export { ledgerModule } from './module.ts';
export {
  loanPaymentsAccount,
  OUTSIDE,
  type OutsideAccount,
  outsideAccount,
  walletAccount,
} from './named-accounts.ts';
export * from './reads.ts';
