import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress.ts';

describe('progressPercent', () => {
  it.each([
    [0, 300_000, 0],
    [100_000, 300_000, 33.33],
    [200_000, 300_000, 66.67],
    // Half a hundredth rounds up: 1/8 of a percent of $8,000 is 0.125 % → 0.13.
    [1_000, 800_000, 0.13],
    [299_999, 1_200_000, 25],
    [300_000, 300_000, 100],
    [900_000, 300_000, 100],
    [5, 0, 100],
  ])('%s cents of %s → %s %%', (saved, target, expected) => {
    expect(progressPercent(saved, target)).toBe(expected);
  });
});
