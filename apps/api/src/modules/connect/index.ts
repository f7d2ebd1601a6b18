// The connect module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { connectRoutes } from './connect.routes.ts';
export { ConnectService } from './connect.service.ts';
export { connectModule } from './module.ts';
