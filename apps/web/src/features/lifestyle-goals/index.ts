// The lifestyle-goals feature's public file: code outside the feature imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { lifestyleGoalsFeature } from './feature.ts';
export { useGoals } from './use-lifestyle-goals.ts';
