// The forecast feature's public file: code outside the feature imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { forecastFeature } from './feature.ts';
export { LowestBeforePayday } from './lowest-before-payday.tsx';
