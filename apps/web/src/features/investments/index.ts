// The investments feature's public file: code outside the feature imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { investmentsFeature } from './feature.ts';
export { useInvestment } from './use-investments.ts';
