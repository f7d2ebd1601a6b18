// The budgets module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).

export { BudgetPeriodsService } from './budget-periods.service.ts';
export { budgetExpensesAsOf, findBudgetByMonth } from './budgets.repository.ts';
export { budgetRoutes } from './budgets.routes.ts';
export { BudgetsService } from './budgets.service.ts';
export { toWire } from './budgets.wire.ts';
export { budgetsModule } from './module.ts';
export type { BudgetSpent } from './spent-source.ts';
