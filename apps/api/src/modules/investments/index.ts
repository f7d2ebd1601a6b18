// The investments module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { investmentRoutes } from './investments.routes.ts';
export { InvestmentsService, investmentsAtAGlance } from './investments.service.ts';
export { investmentsModule } from './module.ts';
