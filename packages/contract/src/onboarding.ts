import { z } from 'zod';
import { envelope } from './envelope.ts';
import { intId } from './fields.ts';
import { dollarAmount, dollars } from './money.ts';

export const saveGoalsBody = z.object({
  goal_ids: z
    .array(intId('Goal id'), { error: 'goal_ids must be a list' })
    .min(1, 'Pick at least one goal')
    .max(20, 'Too many goals'),
});
export const saveGoalsResponse = envelope(z.object({ goal_ids: z.array(z.number().int()) }));

/** What a user wants to do first (the setup after verifying); each leads to that area's setup. */
export const FIRST_FOCUSES = ['pay_off_debt', 'emergency_fund', 'budget', 'goal', 'investing'] as const;
export type FirstFocus = (typeof FIRST_FOCUSES)[number];

/**
 * The optional setup after verifying: both answers may be left out or null (skipped). The income
 * fills in the emergency fund's and the budget's income questions.
 */
export const onboardingProfileBody = z.object({
  monthly_income: dollarAmount('Monthly take-home income').nullable().optional(),
  first_focus: z.enum(FIRST_FOCUSES, { error: 'Choose one of the listed areas' }).nullable().optional(),
});
export type OnboardingProfileBody = z.input<typeof onboardingProfileBody>;

export const onboardingProfile = z.object({
  monthly_income: dollars().nullable(),
  first_focus: z.enum(FIRST_FOCUSES).nullable(),
});
export type OnboardingProfile = z.infer<typeof onboardingProfile>;
export const onboardingProfileResponse = envelope(onboardingProfile);
