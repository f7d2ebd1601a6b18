// The app-config module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { appConfigRoutes } from './app-config.routes.ts';
export { appConfigModule } from './module.ts';
