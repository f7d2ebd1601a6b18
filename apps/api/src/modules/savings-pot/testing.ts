// The savings pot's test-only public file: what its tests offer the tests of other modules.
export { potEntries } from './module.test-helpers.ts';
