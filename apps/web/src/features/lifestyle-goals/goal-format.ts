import type { GoalKind, LifestyleGoal } from '@helo/contract/lifestyle-goals';
import { isMonth, shortMonthLabel } from '@helo/finance/calendar';
import { formatDay, formatDollars } from '../../lib/display-format.ts';

export const KIND_LABELS: Record<GoalKind, string> = {
  travel: 'Travel',
  car: 'Car',
  home: 'Home',
  wedding: 'Wedding',
  education: 'Education',
  other: 'Other',
};

/** '12 months', '1 month': the plan's months left in words. */
export function monthsLeftText(months: number): string {
  if (months <= 0) return 'Target date reached';
  return months === 1 ? '1 month' : `${months} months`;
}

/**
 * The goal's status in words. 'Behind' says by how much, against what the plan set on `started_on`
 * expected by today, so the person knows what catching up means.
 */
export function statusText(goal: Pick<LifestyleGoal, 'status' | 'saved_amount' | 'plan'>): string {
  if (goal.status === 'reached') return 'Reached: you have saved your target.';
  const expected = goal.plan.expected_now;
  if (goal.status === 'behind') {
    return `Behind: your plan from ${formatDay(goal.plan.started_on)} expected ${formatDollars(expected)} by today; you have ${formatDollars(goal.saved_amount)}.`;
  }
  if (expected <= 0) return 'On track: your plan has just begun.';
  return `On track: your plan expected ${formatDollars(expected)} by today; you have ${formatDollars(goal.saved_amount)}.`;
}

/** 'Save $450.00 a month', or nothing more to save. */
export function monthlyText(goal: Pick<LifestyleGoal, 'status' | 'plan'>): string {
  if (goal.status === 'reached' || goal.plan.monthly_needed === 0) return 'Nothing more to save';
  return `${formatDollars(goal.plan.monthly_needed)} a month`;
}

/**
 * The toast after money went in or out, with the milestone it reached when it reached one (the bell
 * shows it too, but only a toast is read out).
 */
export function goalEntryToast(message: string | undefined, fallback: string, before: number, after: number): string {
  const text = message || fallback;
  if (after <= before) return text;
  return after >= 100 ? `${text}. You reached your goal!` : `${text}. You are ${after} % there!`;
}

/** 'Mar 2027' from '2027-03' (anything else as it came). */
export const monthLabel = (month: string): string => (isMonth(month) ? shortMonthLabel(month) : month);
