// The loans' public file: what other modules, the jobs and the app's assembly use of them.
export { type LoanPayers, type LoanPaymentsResult, LoanPaymentsService } from './loan-payments.service.ts';
export { loansOf } from './user-debts.service.ts';
