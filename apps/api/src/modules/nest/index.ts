// The Money Nest's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).

export {
  BUCKET_INTEREST,
  LOAN_PULL,
  LoanBucketService,
  type PaydaysResult,
} from './loan-bucket.service.ts';
export { NEST_PAYDAYS_QUEUE, nestModule } from './module.ts';
export { findNestAccount, lockNestAccount, type NestWithDueLoans, nestsWithDueLoans } from './nest.repository.ts';
export { nestRoutes } from './nest.routes.ts';
export { NestService, NOT_ACTIVE } from './nest.service.ts';
export { type NestIncome, type NestIncomeSchedule, NO_NEST_INCOME } from './nest-income.ts';
export type { NestTarget, NestTargets } from './nest-targets.ts';
export { DEPOSIT as NEST_DEPOSIT_KIND } from './nest-view.ts';
export { isNestWallet, nestWalletBalance, nestWalletBalanceSql } from './nest-wallet.ts';
