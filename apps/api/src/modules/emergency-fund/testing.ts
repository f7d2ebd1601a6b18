// The emergency-fund module's test-only public file: what its tests offer the tests of other modules.
export { BASE } from './fund-requests.test-helpers.ts';
export { harness } from './module.test-helpers.ts';
