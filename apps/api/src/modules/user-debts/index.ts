// The loans' public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { LOAN_PAYMENT } from './loan-ledger.ts';
export { LoanPaymentRecords } from './loan-payment-records.service.ts';
export { type LoanPayers, type LoanPaymentsResult, LoanPaymentsService } from './loan-payments.service.ts';
export { LOAN_DUE_DATES_QUEUE, LOAN_REMINDERS_QUEUE, userDebtsModule } from './module.ts';
export {
  dueUserDebts,
  listUserDebtsIn,
  moveUserDebt,
  pastDueLoansWithoutNest,
  rollDueDates,
  type SavedDebt,
} from './user-debts.repository.ts';
export { userDebtRoutes } from './user-debts.routes.ts';
export { loansOf } from './user-debts.service.ts';
export { loanName, toWire } from './user-debts.wire.ts';
