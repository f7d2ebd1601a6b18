// The dev module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).

export { devModule } from './module.ts';
export { devOutboxRoutes } from './outbox.routes.ts';
export { DevOutboxService } from './outbox.service.ts';
