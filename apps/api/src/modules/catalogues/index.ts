// The catalogues module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { catalogueRoutes } from './catalogues.routes.ts';
export { CatalogueService } from './catalogues.service.ts';
export { debtImagePath } from './debt-images.ts';
export { cataloguesModule } from './module.ts';
