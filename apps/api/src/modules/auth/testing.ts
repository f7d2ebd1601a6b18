// The auth module's test-only public file: what its tests offer the tests of other modules.

export { harness } from './module.test-helpers.ts';
export { codeNow, twoFactorUser } from './two-factor/two-factor.fixtures.ts';
