// The emergency fund's public file: what other modules and the app's assembly use of it.
export { EmergencyFundService, FUND_NAME } from './emergency-fund.service.ts';
