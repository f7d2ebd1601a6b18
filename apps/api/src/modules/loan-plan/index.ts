// The loan-plan module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { loanPlanRoutes } from './loan-plan.routes.ts';
export { LoanPlanService } from './loan-plan.service.ts';
export { loanPlanModule } from './module.ts';
