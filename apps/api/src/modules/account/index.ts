// The account module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { accountRoutes } from './account.routes.ts';
export { AccountService, type UserFileStore } from './account.service.ts';
export type { ExportedFile } from './export-archive.ts';
export { accountModule } from './module.ts';
