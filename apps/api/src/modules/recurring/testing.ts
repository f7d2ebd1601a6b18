// The recurring module's test-only public file: what its tests offer the test harness.
export { harness } from './module.test-helpers.ts';
