import {
  GOAL_HORIZONS,
  type LifestyleGoal,
  type LifestyleGoalBody,
  type LifestyleGoalUpdateBody,
  lifestyleGoalBody,
  lifestyleGoalUpdateBody,
} from '@helo/contract/lifestyle-goals';
import { z } from 'zod';
import { amountOf, amountText } from '../../components/ui/currency-rules.ts';

/** 'date' when the person picks a day instead of one of the horizons. */
export const HORIZON_CHOICES = [...GOAL_HORIZONS.map(String), 'date'] as const;

/**
 * A goal as the form holds it: amounts as the currency inputs' strings, the horizon as its radio's
 * value. Named as the API names its fields, so the server's field errors land on them.
 */
export interface GoalValues {
  kind: string;
  name: string;
  target_amount: string;
  saved_amount: string;
  horizon_years: string;
  target_date: string;
  apy: string;
}

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

function wireOf(values: GoalValues): Record<string, unknown> {
  const byDate = values.horizon_years === 'date';
  return {
    name: values.name,
    kind: blankToUndefined(values.kind),
    target_amount: amountOf(values.target_amount),
    // Left empty, nothing is saved yet.
    saved_amount: amountOf(values.saved_amount) ?? 0,
    horizon_years: byDate || values.horizon_years === '' ? null : Number(values.horizon_years),
    target_date: byDate ? (blankToUndefined(values.target_date) ?? null) : null,
    apy: blankToUndefined(values.apy) === undefined ? null : Number(values.apy.trim()),
  };
}

const HORIZON_REQUIRED = 'Choose a horizon (1, 3, 5 or 10 years) or a target date';

/** The goal form's schema: what the contract accepts, each of its messages on its field. */
export const goalForm = z
  .object({
    kind: z.string(),
    name: z.string(),
    target_amount: amountText,
    saved_amount: amountText,
    horizon_years: z.string(),
    target_date: z.string(),
    apy: z.string(),
  })
  .superRefine((values, ctx) => {
    const parsed = lifestyleGoalBody.safeParse(wireOf(values));
    // 'A date' chosen with no day: said at the day, not as a missing horizon.
    const dayMissing = values.horizon_years === 'date' && values.target_date.trim() === '';
    if (dayMissing) ctx.addIssue({ code: 'custom', path: ['target_date'], message: 'Target date is required' });
    // Checked here too: the contract checks it only once every field passed, and a blank form says it all at once.
    const noHorizon = values.horizon_years === '';
    if (noHorizon) ctx.addIssue({ code: 'custom', path: ['horizon_years'], message: HORIZON_REQUIRED });
    // No tile picked yet: a question, not the contract's list of allowed words.
    const noKind = values.kind === '';
    if (noKind) ctx.addIssue({ code: 'custom', path: ['kind'], message: 'Choose what you are saving for' });
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      if ((dayMissing || noHorizon) && issue.path[0] === 'horizon_years') continue;
      if (noKind && issue.path[0] === 'kind') continue;
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });

/** The create body, from values the form's schema passed. */
export const goalBodyOf = (values: GoalValues): LifestyleGoalBody => lifestyleGoalBody.parse(wireOf(values));

/** The edit body: the same fields and the version the page read. */
export const goalUpdateBodyOf = (values: GoalValues, version: number): LifestyleGoalUpdateBody =>
  lifestyleGoalUpdateBody.parse({ ...wireOf(values), version });

export const BLANK_GOAL: GoalValues = {
  kind: '',
  name: '',
  target_amount: '',
  saved_amount: '',
  horizon_years: '',
  target_date: '',
  apy: '',
};

/** The edit form's starting values: the goal as it is, its saved amount being what it holds now. */
export function goalValuesOf(goal: LifestyleGoal): GoalValues {
  return {
    kind: goal.kind,
    name: goal.name,
    target_amount: String(goal.target_amount),
    saved_amount: String(goal.saved_amount),
    horizon_years: goal.horizon_years === null ? 'date' : String(goal.horizon_years),
    target_date: goal.horizon_years === null ? goal.target_date : '',
    apy: goal.apy === 0 ? '' : String(goal.apy),
  };
}
