import { describe, expect, it } from 'vitest';
import { milestoneNotification } from './milestones.ts';

describe('milestoneNotification', () => {
  it('names the milestone, the amount saved and the target, once per fund and milestone', () => {
    expect(milestoneNotification('fund-1', 50, 612_345, 1_200_000, 2_400_000)).toEqual({
      kind: 'emergency_fund_milestone',
      title: 'Emergency fund: 50 % there',
      message:
        'Nice work! You have saved $6,123.45, 50 % of your 3-month target of $12,000.00. Every deposit makes the next surprise a little smaller.',
      dedupeKey: 'emergency-fund-milestone:fund-1:50',
    });
  });
});
