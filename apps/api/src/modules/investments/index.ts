// The investments module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { projectionOf } from './investment-view.ts';
export { findProfile, listAccounts } from './investments.repository.ts';
export { investmentRoutes } from './investments.routes.ts';
export { InvestmentsService } from './investments.service.ts';
