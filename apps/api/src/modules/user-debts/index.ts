// The user-debts module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export {
  dueUserDebts,
  listUserDebtsIn,
  moveUserDebt,
  pastDueLoansWithoutNest,
  rollDueDates,
  type SavedDebt,
} from './user-debts.repository.ts';
export { userDebtRoutes } from './user-debts.routes.ts';
export { toWire } from './user-debts.wire.ts';
