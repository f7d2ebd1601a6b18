// The ledger's test-only public file: what its tests offer the tests (and benches) of other modules.
export { livePageQuery, sumsQuery } from './journals.repository.ts';
export { errorCode, HOLDS, ledgerInvariants, ledgerUser, line } from './ledger.test-helpers.ts';
