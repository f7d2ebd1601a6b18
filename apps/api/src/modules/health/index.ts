// The health module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { healthRoutes } from './health.routes.ts';
export { healthModule } from './module.ts';
