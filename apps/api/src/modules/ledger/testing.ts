export { HOLDS, ledgerInvariants } from './ledger.test-helpers.ts';
