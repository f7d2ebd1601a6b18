// The nest module's test-only public file: what its tests offer the tests of other modules.
export { BASE, balances, income, nestRequests } from './nest-requests.test-helpers.ts';
