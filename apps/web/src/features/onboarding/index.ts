// The onboarding feature's public file: code outside the feature imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { onboardingFeature } from './feature.ts';
export { useSetupIncome } from './use-onboarding-profile.ts';
