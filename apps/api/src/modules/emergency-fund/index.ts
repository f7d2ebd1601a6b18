// The emergency-fund module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { emergencyFundRoutes } from './emergency-fund.routes.ts';
export { EmergencyFundService, FUND_NAME } from './emergency-fund.service.ts';
export { emergencyFundModule } from './module.ts';
