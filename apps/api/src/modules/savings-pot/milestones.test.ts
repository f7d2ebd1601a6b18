import { describe, expect, it } from 'vitest';
import { milestoneToAnnounce } from './milestones.ts';

describe('milestoneToAnnounce', () => {
  const target = 1_200_000; // $12,000
  it.each([
    [0, 0, null],
    [299_999, 0, null],
    [300_000, 0, 25],
    [599_999, 0, 25],
    [600_000, 0, 50],
    // One write across several: the highest only.
    [960_000, 0, 75],
    [1_200_000, 0, 100],
    [5_000_000, 0, 100],
    // Already announced, or lower than what was: nothing.
    [300_000, 25, null],
    [700_000, 50, null],
    [300_000, 75, null],
    [1_200_000, 75, 100],
  ])('$%s saved with %s announced before → %s', (saved, before, expected) => {
    expect(milestoneToAnnounce(saved, target, before)).toBe(expected);
  });

  it('announces nothing without a target', () => {
    expect(milestoneToAnnounce(100_000, 0, 0)).toBeNull();
  });

  it('compares exactly, even for amounts whose percent is not a whole number', () => {
    // A 3-cent target: 25 % is 0.75 cent, so 1 cent reaches it; 50 % is 1.5 cents, so 2 cents do.
    expect(milestoneToAnnounce(0, 3, 0)).toBeNull();
    expect(milestoneToAnnounce(1, 3, 0)).toBe(25);
    expect(milestoneToAnnounce(2, 3, 0)).toBe(50);
    expect(milestoneToAnnounce(3, 3, 0)).toBe(100);
  });
});
