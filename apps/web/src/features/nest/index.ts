// The nest feature's public file: code outside the feature imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { BucketFigure } from './bucket-figure.tsx';
export { nestFeature } from './feature.ts';
export { useNest } from './use-nest.ts';
export { WithNest } from './with-nest.tsx';
