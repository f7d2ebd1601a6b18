import { formatCents } from '@helo/finance/format';
import type { NewNotification } from '../notifications/index.ts';

export const GOAL_MILESTONE_KIND = 'lifestyle_goal_milestone';

/**
 * The notification of a goal's milestone (25, 50, 75 or 100 % of its target), once per goal and
 * milestone: which one a write announces is the emergency fund's rule (`milestoneToAnnounce`: the
 * highest crossed, never one announced before, compared in whole cents).
 */
export function goalMilestoneNotification(
  goal: { id: string; name: string },
  milestone: number,
  savedCents: number,
  targetCents: number,
): NewNotification {
  const saved = formatCents(savedCents);
  const target = formatCents(targetCents);
  const message =
    milestone >= 100
      ? `You did it! You have saved ${saved} for "${goal.name}", your whole target of ${target}.`
      : `Nice work! You have saved ${saved} for "${goal.name}", ${milestone} % of your target of ${target}. Every deposit brings it closer.`;
  return {
    kind: GOAL_MILESTONE_KIND,
    title: `${goal.name}: ${milestone} % there`,
    message,
    dedupeKey: `lifestyle-goal-milestone:${goal.id}:${milestone}`,
  };
}
