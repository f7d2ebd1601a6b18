// The lifestyle-goals module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { lifestyleGoalRoutes } from './lifestyle-goals.routes.ts';
export { LifestyleGoalsService } from './lifestyle-goals.service.ts';
export { lifestyleGoalsModule } from './module.ts';
