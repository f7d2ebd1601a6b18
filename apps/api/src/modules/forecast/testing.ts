// The forecast module's test-only public file: what its tests offer the tests of other modules.
export { harness } from './module.test-helpers.ts';
