// The budget feature's public file: code outside the feature imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { budgetFeature } from './feature.ts';
export { type SpentIn, SpentSource } from './spent-source.ts';
export { useBudgets } from './use-budgets.ts';
