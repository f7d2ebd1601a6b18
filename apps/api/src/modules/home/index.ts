// The home module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { homeRoutes } from './home.routes.ts';
export { HomeService } from './home.service.ts';
export { homeModule } from './module.ts';
