import { FIRST_FOCUSES, type FirstFocus, onboardingProfileBody } from '@helo/contract/onboarding';
import { z } from 'zod';

/** Each area a new user may want first, and the setup it leads to (decisions.md, issue 25). */
export const FOCUS_AREAS: Record<FirstFocus, { label: string; path: string }> = {
  pay_off_debt: { label: 'Pay off debt', path: '/loan-payments' },
  emergency_fund: { label: 'Build an emergency fund', path: '/emergency-funds' },
  budget: { label: 'Make a budget', path: '/my-budget' },
  goal: { label: 'Save for a goal', path: '/lifestyle-savings-goals' },
  investing: { label: 'Start investing', path: '/my-retirement' },
};

export const FOCUS_OPTIONS = FIRST_FOCUSES.map((value) => ({ value, label: FOCUS_AREAS[value].label }));

/** The form's answers: the currency input's numeric string and the picked area ('' for none). */
export interface SetupAnswers {
  monthly_income: string;
  first_focus: '' | FirstFocus;
}

const wireOf = (answers: SetupAnswers) => ({
  monthly_income: answers.monthly_income.trim() === '' ? null : Number(answers.monthly_income),
  first_focus: answers.first_focus === '' ? null : answers.first_focus,
});

/** Both answers are optional; what is given must be what the contract accepts, its message on its field. */
export const setupAnswersForm = z
  .object({ monthly_income: z.string(), first_focus: z.enum(['', ...FIRST_FOCUSES]) })
  .superRefine((answers, ctx) => {
    const parsed = onboardingProfileBody.safeParse(wireOf(answers));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export const setupBodyOf = (answers: SetupAnswers) => onboardingProfileBody.parse(wireOf(answers));

/** Where the setup leads: the area picked, else Home. */
export const afterSetup = (focus: FirstFocus | null) => (focus ? FOCUS_AREAS[focus].path : '/dashboard/home');
