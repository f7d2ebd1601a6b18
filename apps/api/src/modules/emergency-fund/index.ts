// The emergency-fund module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { type EntryCursor, findFund, findUserContact, type NewEntry } from './emergency-fund.repository.ts';
export { emergencyFundRoutes } from './emergency-fund.routes.ts';
export { EmergencyFundService, MADE_BY_NEST } from './emergency-fund.service.ts';
export { decodeEntryCursor, encodeEntryCursor } from './entry-cursor.ts';
export { milestoneToAnnounce } from './milestones.ts';
