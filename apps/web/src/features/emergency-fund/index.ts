// The emergency-fund feature's public file: code outside the feature imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { EntryFields } from './entry-fields.tsx';
export { type EntryValues, entryBodyOf, entryForm } from './entry-values.ts';
export { emergencyFundFeature } from './feature.ts';
export { useFocusOnMount } from './use-focus-on-mount.ts';
