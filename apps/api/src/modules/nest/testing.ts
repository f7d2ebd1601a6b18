// The nest module's test-only public file: what its tests offer the tests of other modules.

export { fakeSchedule, loanBucketWith } from './loan-bucket.test-helpers.ts';
export { harness } from './module.test-helpers.ts';
export { BASE, balances, income, nestRequests, TODAY } from './nest-requests.test-helpers.ts';
