// The passkeys module's test-only public file: what its tests offer the tests of other modules.
export { addPasskey, passkeySignIn, registerPasskey } from './passkeys.test-helpers.ts';
