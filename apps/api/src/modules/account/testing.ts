// The account module's test-only public file: what its tests offer the tests of other modules.
export { unzip } from './unzip.test-helpers.ts';
