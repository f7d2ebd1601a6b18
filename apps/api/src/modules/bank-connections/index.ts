// The bank connections' public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { bankConnectionRoutes } from './bank-connections.routes.ts';
export { BankConnectionsService } from './bank-connections.service.ts';
export { bankConnectionsModule } from './module.ts';
export type { BankProvider, ProviderAnswer } from './providers/provider.ts';
