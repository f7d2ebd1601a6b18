// The auth feature's public file: code outside the feature imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { authFeature } from './feature.ts';
export { loadWebAuthn, type PasskeyProblem, passkeyProblem, UNSUPPORTED } from './passkey-ceremony.ts';
