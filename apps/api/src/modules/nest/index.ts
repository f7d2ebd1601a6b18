// The nest module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export {
  findNestAccount,
  insertLoanPayment,
  isNestFundEntry,
  isNestGoalEntry,
  loansBucketCents,
  lockNestAccount,
  type NestWithDueLoans,
  nestsWithDueLoans,
} from './nest.repository.ts';
export { nestRoutes } from './nest.routes.ts';
export { NestService, NOT_ACTIVE } from './nest.service.ts';
export { ensureNestWallet, isNestWallet, nestWalletBalance, nestWalletBalanceSql } from './nest-wallet.ts';
