// The user-debts module's test-only public file: what its tests offer the tests of other modules.
export { BASE, car, card } from './debt-requests.test-helpers.ts';
