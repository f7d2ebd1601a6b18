// The recurring module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"). The Nest and the Wallet import it; it imports neither.
export { recurringModule } from './module.ts';
export { recurringRoutes } from './recurring.routes.ts';
export {
  type ExpectedOccurrence,
  expectedOccurrences,
  matchFreshTransactions,
  nestIncome,
  RecurringService,
  WALLET_TRANSACTION,
} from './recurring.service.ts';
