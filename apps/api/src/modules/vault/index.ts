// The vault module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).

export { vaultModule } from './module.ts';
export { keySegments } from './storage-key.ts';
export { vaultRoutes } from './vault.routes.ts';
export { VaultService } from './vault.service.ts';
export { VaultFileStore } from './vault-file-store.ts';
export { vaultStorage } from './vault-storage.ts';
