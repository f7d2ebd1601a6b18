import type { GoalStatus, LifestyleGoal } from '@helo/contract/lifestyle-goals';
import type { LifestyleGoalRow } from '@helo/db/schema';
import { addMonths, monthOf, wholeMonthsBetween } from '@helo/finance/calendar';
import { type Cents, centsToDollars } from '@helo/finance/cents';
import { goalBalances, goalPlan } from '@helo/finance/goal-plan';
import { progressPercent } from '@helo/finance/progress';

/**
 * What a goal looks like today: its target day, the monthly deposit that still reaches the target,
 * the projection at that deposit, and whether it is on track. Pure: the saved amount and New York's
 * today come in, so the same row answers the same way on every server.
 */

/** The goal's target day: the one chosen, or its horizon counted from the day its plan was set. */
export function targetDateOf(goal: Pick<LifestyleGoalRow, 'horizonYears' | 'targetDate' | 'planStartedOn'>): string {
  if (goal.horizonYears !== null) return addMonths(goal.planStartedOn, goal.horizonYears * 12);
  // The CHECK lifestyle_goals_horizon_or_date keeps one of the two.
  if (goal.targetDate === null) throw new Error('a goal without a horizon or a target date');
  return goal.targetDate;
}

/** Months of deposits a plan from `today` has: at least 1 while the target is not reached, even past the date. */
export function monthsLeft(today: string, targetDate: string, reached: boolean): number {
  const months = wholeMonthsBetween(today, targetDate);
  return reached ? months : Math.max(1, months);
}

/**
 * What the plan the goal was set with expected it to hold by `today`: its starting amount plus its
 * monthly deposit, with interest, for each whole month since it was set. The count stops at the
 * target day: past it, the plan expected the target (its last balance).
 */
export function expectedByPlan(goal: LifestyleGoalRow, today: string): Cents {
  const planMonths = Math.max(1, wholeMonthsBetween(goal.planStartedOn, targetDateOf(goal)));
  const elapsed = Math.min(wholeMonthsBetween(goal.planStartedOn, today), planMonths);
  const balances = goalBalances({
    savedCents: goal.planStartCents,
    monthlyCents: goal.planMonthlyCents,
    months: elapsed,
    apyPercent: Number(goal.apyPercent),
  });
  return balances.at(-1) ?? goal.planStartCents;
}

/** reached: saved ≥ target; behind: below what the goal's plan expected by today; else on track. */
export function statusOf(savedCents: number, targetCents: number, expectedCents: number): GoalStatus {
  if (savedCents >= targetCents) return 'reached';
  return savedCents < expectedCents ? 'behind' : 'on_track';
}

export function goalView(goal: LifestyleGoalRow, savedCents: Cents, today: string): LifestyleGoal {
  const targetDate = targetDateOf(goal);
  const apyPercent = Number(goal.apyPercent);
  const reached = savedCents >= goal.targetAmountCents;
  const months = monthsLeft(today, targetDate, reached);
  const plan = goalPlan({ targetCents: goal.targetAmountCents, savedCents, months, apyPercent });
  const expected = expectedByPlan(goal, today);
  return {
    id: goal.id,
    name: goal.name,
    kind: goal.kind,
    target_amount: centsToDollars(goal.targetAmountCents),
    saved_amount: centsToDollars(savedCents),
    starting_amount: centsToDollars(goal.startingAmountCents),
    horizon_years: goal.horizonYears,
    target_date: targetDate,
    apy: apyPercent,
    created_at: goal.createdAt.toISOString(),
    updated_at: goal.updatedAt.toISOString(),
    version: goal.version,
    milestone_reached: goal.milestoneReached,
    progress_percent: progressPercent(savedCents, goal.targetAmountCents),
    plan: {
      monthly_needed: centsToDollars(plan.monthlyNeededCents),
      months_left: months,
      started_on: goal.planStartedOn,
      expected_now: centsToDollars(expected),
    },
    projection: plan.balances.map((balance, i) => ({
      month: monthOf(addMonths(today, i + 1)),
      balance: centsToDollars(balance),
    })),
    status: statusOf(savedCents, goal.targetAmountCents, expected),
  };
}
