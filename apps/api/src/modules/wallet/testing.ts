// The wallet module's test-only public file: what its tests offer the tests of other modules.
export { MAX_CSV_ROWS } from './import/csv-reader.ts';
export { fileBody, multipart } from './import/import-requests.test-helpers.ts';
export { bankCsv, harness, IMPORTS, uploadAs } from './module.test-helpers.ts';
export { balanceQuery } from './wallet.repository.ts';
export { ACCOUNTS, BASE, errorPaths, NOVEMBER_BUDGET, spend, walletRequests } from './wallet-requests.test-helpers.ts';
