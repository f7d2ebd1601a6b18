// The wallet module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).

export { type BankRow, bankRowJournals, RuleTags, stageBankJournals } from './bank-journals.ts';
export { connectionBankId } from './duplicates/duplicate-engine.ts';
export { type EditItem, recordEdit, undoEdit } from './edits/edits.ts';
export { MAX_CSV_ROWS } from './import/csv-reader.ts';
export { walletImportRoutes } from './import/import.routes.ts';
export { WalletImportService } from './import/import.service.ts';
export { STAGING_LEASE_MS } from './import/staging.repository.ts';
export { walletModule } from './module.ts';
export { userRules } from './rules/rule-form.ts';
/**
 * For the rules and bulk edits (issue 29): `editTransaction` changes a transaction without a form (its
 * category, payee, splits or account; the same code as the edit form's save) in the caller's
 * transaction and answers the new journal's id; `setTags` / `addTag` / `removeTag` write tags in it
 * (tags.ts says the rules). `transactionView` and `viewWithTags` show a journal as the list does.
 */
export { addTag, removeTag, setTags, tagsOf, userTags } from './tags.ts';
export { type FoundMoves, findMoves } from './transfers/found-moves.ts';
export { depositThroughNest, type NestDeposits } from './transfers/nest-paydays.ts';
export { balanceQuery, categoryFlows, WALLET_KIND } from './wallet.repository.ts';
export { walletRoutes } from './wallet.routes.ts';
export {
  editTransaction,
  IS_A_LOAN_PAYMENT,
  IS_A_TRANSFER,
  NO_TRANSACTION,
  type TransactionPatch,
  transactionView,
  viewWithTags,
  WalletService,
} from './wallet.service.ts';
export { DEFAULT_WALLET_LIMITS, type WalletLimits } from './wallet-limits.ts';
