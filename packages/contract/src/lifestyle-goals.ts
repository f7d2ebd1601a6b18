import { z } from 'zod';
import { calendarDay } from './dates.ts';
import {
  ENTRY_KINDS,
  emergencyFundEntriesQuery,
  emergencyFundEntry,
  emergencyFundEntryBody,
} from './emergency-fund.ts';
import { envelope } from './envelope.ts';
import { oneLineName, text, versionField } from './fields.ts';
import { dollarAmount, dollars, percentRate } from './money.ts';

/**
 * Lifestyle savings goals (`v1/user-lifestyle-saving`, decisions.md "Lifestyle savings goals",
 * issue 13): a target, a horizon of 1, 3, 5 or 10 years or a target date, an optional savings APY,
 * and a ledger of deposits and withdrawals like the emergency fund's. The saved amount is always the
 * starting amount plus the ledger's entries.
 */

export const GOAL_KINDS = ['travel', 'car', 'home', 'wedding', 'education', 'other'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];
/** Spec §9: goal horizons of 1, 3, 5 and 10 years. */
export const GOAL_HORIZONS = [1, 3, 5, 10] as const;
export const GOAL_NAME_MAX = 80;
/** At most this many goals a user: a 51st is a 409. */
export const MAX_GOALS = 50;
/** Percent of the target at which a milestone notification is created, once each. */
export const GOAL_MILESTONES = [25, 50, 75, 100] as const;
export const GOAL_STATUSES = ['reached', 'on_track', 'behind'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** The fields of the create and edit forms. */
const goalFields = {
  name: oneLineName('Name', GOAL_NAME_MAX),
  kind: z.enum(GOAL_KINDS, { error: 'Kind must be travel, car, home, wedding, education or other' }),
  // At least a cent once converted: 5e-324 is above 0 yet converts to 0 cents.
  target_amount: dollarAmount('Target amount').refine(
    (v) => Math.round(v * 100) >= 1,
    'Target amount must be more than $0',
  ),
  /** On create, what is already saved (the starting amount); on edit, what the goal holds now. */
  saved_amount: dollarAmount('Saved amount'),
  horizon_years: z.literal(GOAL_HORIZONS, { error: 'Horizon must be 1, 3, 5 or 10 years' }).nullish(),
  /** A day after today (New York); checked by the server, which knows the day. */
  target_date: calendarDay('Target date').nullish(),
  /** The savings account's yield in percent; 0 (no interest) when left out. */
  apy: percentRate('APY').nullish(),
};

/** Exactly one of a horizon and a target date. */
function horizonOrDate(body: { horizon_years?: number | null; target_date?: string | null }, ctx: z.RefinementCtx) {
  const hasHorizon = body.horizon_years !== undefined && body.horizon_years !== null;
  const hasDate = body.target_date !== undefined && body.target_date !== null;
  if (hasHorizon && hasDate) {
    ctx.addIssue({ code: 'custom', path: ['target_date'], message: 'Choose a horizon or a target date, not both' });
  } else if (!hasHorizon && !hasDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['horizon_years'],
      message: 'Choose a horizon (1, 3, 5 or 10 years) or a target date',
    });
  }
}

/** POST /v1/user-lifestyle-saving. */
export const lifestyleGoalBody = z.object(goalFields).superRefine(horizonOrDate);
export type LifestyleGoalBody = z.input<typeof lifestyleGoalBody>;

/** PUT /v1/user-lifestyle-saving/{id}: the same fields and the version the client read (a stale one is a 409). */
export const lifestyleGoalUpdateBody = z
  .object({
    ...goalFields,
    version: versionField(),
  })
  .superRefine(horizonOrDate);
export type LifestyleGoalUpdateBody = z.input<typeof lifestyleGoalUpdateBody>;

export const lifestyleGoalPlan = z.object({
  /** The smallest monthly deposit that reaches the target by the target date from today's saved amount. */
  monthly_needed: dollars(),
  /** Whole months from today to the target date; at least 1 while the target is not reached. */
  months_left: z.number().int(),
  /** The day the plan that "on track" is measured against was set (creation, or the last change of target, horizon, date or APY). */
  started_on: z.string(),
  /** What that plan expected the goal to hold by today; below it is "behind". */
  expected_now: dollars(),
});

export const lifestyleGoal = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(GOAL_KINDS),
  target_amount: dollars(),
  /** starting_amount + deposits − withdrawals; never below 0. */
  saved_amount: dollars(),
  starting_amount: dollars(),
  /** The horizon the user chose, or null when they chose a date. */
  horizon_years: z.number().int().nullable(),
  /** The target day: the one chosen, or the horizon counted from the plan's start. */
  target_date: z.string(),
  apy: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  /** 1 when created, one more on every write (entries too); PUT sends it back. */
  version: z.number().int(),
  /** The highest milestone (percent of the target) already announced: 0, 25, 50, 75 or 100. */
  milestone_reached: z.number().int(),
  /** Saved ÷ target, percent with two decimals (half-up), at most 100. */
  progress_percent: z.number(),
  plan: lifestyleGoalPlan,
  /** The balance at the end of each month left, depositing `plan.monthly_needed`: a projected estimate. */
  projection: z.array(z.object({ month: z.string(), balance: dollars() })),
  status: z.enum(GOAL_STATUSES),
});
export type LifestyleGoal = z.infer<typeof lifestyleGoal>;

export const lifestyleGoalResponse = envelope(lifestyleGoal);
export const lifestyleGoalsResponse = envelope(z.array(lifestyleGoal));
export const lifestyleGoalParams = z.object({ id: text('Goal id').max(64) });

// A goal's ledger is the emergency fund's: the same entry, the same rules, the same paging.
export const GOAL_ENTRY_KINDS = ENTRY_KINDS;
export const lifestyleGoalEntryBody = emergencyFundEntryBody;
export type LifestyleGoalEntryBody = z.input<typeof lifestyleGoalEntryBody>;
export const lifestyleGoalEntry = emergencyFundEntry;
export type LifestyleGoalEntry = z.infer<typeof lifestyleGoalEntry>;
/** Newest first (by date, then by when it was recorded), a page at a time. */
export const lifestyleGoalEntriesQuery = emergencyFundEntriesQuery;
export const lifestyleGoalEntriesResponse = envelope(z.array(lifestyleGoalEntry)).extend({
  next_cursor: z.string().nullable(),
});
/** Adding an entry answers the entry and the goal as it now stands; deleting one, the goal. */
export const lifestyleGoalEntryResponse = envelope(z.object({ entry: lifestyleGoalEntry, goal: lifestyleGoal }));
export const lifestyleGoalAfterEntryDeleteResponse = envelope(z.object({ goal: lifestyleGoal }));
export const lifestyleGoalEntryParams = z.object({ id: text('Goal id').max(64), entryId: text('Entry id').max(64) });
