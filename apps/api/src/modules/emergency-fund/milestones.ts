import { EMERGENCY_FUND_MILESTONES } from '@helo/contract/emergency-fund';
import { formatCents } from '@helo/finance/format';
import type { NewNotification } from '../notifications/index.ts';

/**
 * The milestone a write should announce, or null. Milestones are 25, 50, 75 and 100 % of the
 * 3-month target (the plan's progress). Each is announced once ever: `alreadyReached` is the highest
 * one announced before, and it never goes down, so a balance that dips below 25 % and climbs back is
 * not congratulated twice. When one write crosses several, only the highest is announced and the
 * lower ones count as reached with it.
 *
 * Reached means really reached, compared in whole cents: $2,999.99 of $12,000 shows as 25.00 %
 * (two decimals, half-up) but is not yet a quarter, and a message saying "25 % of your target" next
 * to $2,999.99 would be wrong. With no target (monthly expenses of 0) the progress is 100 % by
 * definition, which is no achievement: nothing is announced and nothing is marked reached, so the
 * milestones still come once the user enters their expenses.
 */
export function milestoneToAnnounce(savedCents: number, targetLowCents: number, alreadyReached: number) {
  if (targetLowCents <= 0) return null;
  const saved = BigInt(savedCents) * 100n;
  const reached = EMERGENCY_FUND_MILESTONES.filter((m) => saved >= BigInt(m) * BigInt(targetLowCents)).at(-1);
  return reached !== undefined && reached > alreadyReached ? reached : null;
}

/** The notification of a milestone, once per fund and milestone (the dedupe key guards it too). */
export function milestoneNotification(
  fundId: string,
  milestone: number,
  savedCents: number,
  targetLowCents: number,
  targetHighCents: number,
): NewNotification {
  const saved = formatCents(savedCents);
  const target = formatCents(targetLowCents);
  const message =
    milestone >= 100
      ? `You did it! You have saved ${saved}, your whole 3-month target of ${target}. Keep going towards 6 months (${formatCents(targetHighCents)}) for an even softer cushion.`
      : `Nice work! You have saved ${saved}, ${milestone} % of your 3-month target of ${target}. Every deposit makes the next surprise a little smaller.`;
  return {
    kind: 'emergency_fund_milestone',
    title: `Emergency fund: ${milestone} % there`,
    message,
    dedupeKey: `emergency-fund-milestone:${fundId}:${milestone}`,
  };
}
