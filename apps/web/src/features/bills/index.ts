// The bills feature's public file: code outside the feature imports this file only.
export { billsFeature } from './feature.ts';
export const BILLS_PATH = '/dashboard/bills';
