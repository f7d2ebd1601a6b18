import { formatCents } from '@helo/finance/format';
import type { NewNotification } from '../notifications/index.ts';

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
