// The wallet module's test-only public file: what its tests offer the tests of other modules.
export { MAX_CSV_ROWS } from './import/csv-reader.ts';
export { fileBody, multipart } from './import/import-requests.test-helpers.ts';
export { balanceQuery, flowsQuery, pageQuery } from './wallet.repository.ts';
export { BASE, NOVEMBER_BUDGET, spend } from './wallet-requests.test-helpers.ts';
