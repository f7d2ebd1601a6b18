// The lifestyle-goals module's test-only public file: what its tests offer the tests of other modules.
export { BASE, goalRequests } from './goal-requests.test-helpers.ts';
export { harness } from './module.test-helpers.ts';
