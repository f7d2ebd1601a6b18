import { describe, expect, it } from 'vitest';
import { goalMilestoneNotification } from './goal-milestones.ts';

describe('goalMilestoneNotification', () => {
  it('names the goal, the milestone, the amount saved and the target, once per goal and milestone', () => {
    expect(goalMilestoneNotification({ id: 'goal-1', name: 'Japan trip' }, 50, 250_000, 500_000)).toEqual({
      kind: 'lifestyle_goal_milestone',
      title: 'Japan trip: 50 % there',
      message:
        'Nice work! You have saved $2,500.00 for "Japan trip", 50 % of your target of $5,000.00. Every deposit brings it closer.',
      dedupeKey: 'lifestyle-goal-milestone:goal-1:50',
    });
  });

  it('says the whole target at 100 %', () => {
    expect(goalMilestoneNotification({ id: 'goal-1', name: 'Car' }, 100, 1_234_567, 1_200_000).message).toBe(
      'You did it! You have saved $12,345.67 for "Car", your whole target of $12,000.00.',
    );
  });
});
