// The bank connections' test-only public file: what its tests offer the tests of other modules.
export { BANK, connectBankAs, connectBankAsUser, harness, sharedBridge } from './module.test-helpers.ts';
export { type FakeBridge, fakeAccount, noonOf, startFakeBridge } from './simplefin-test-server.ts';
