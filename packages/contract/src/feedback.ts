import { z } from 'zod';
import { envelope } from './envelope.ts';
import { text } from './fields.ts';

/** The spec's scale, in order: each answer is the index of one of these, or null when skipped. */
export const FEEDBACK_CHOICES = [
  'Interested to Learn More',
  'Very Interested',
  'Somewhat Interested',
  'Not Interested',
  'N/A',
] as const;

export const FEEDBACK_QUESTIONS = [
  'Automatically splitting my income into spending, savings and loan payments',
  'A plan to pay off my loans faster and with less interest',
  'Tracking my emergency fund against 3 to 6 months of expenses',
  'Saving toward lifestyle goals such as travel, a car or a home',
  'Seeing my investments and retirement projection in one place',
  'Talking to a financial professional through Helo',
] as const;

export const FEEDBACK_COMMENT_MAX = 5000;

export const feedbackBody = z.object({
  answers: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(FEEDBACK_CHOICES.length - 1)
        .nullable(),
      { error: 'Answers must be a list' },
    )
    .length(
      FEEDBACK_QUESTIONS.length,
      `Give one answer (or null) for each of the ${FEEDBACK_QUESTIONS.length} questions`,
    ),
  comment: text('Comment')
    .trim()
    .max(FEEDBACK_COMMENT_MAX, `Comment must be at most ${FEEDBACK_COMMENT_MAX} characters`)
    .default(''),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

export const feedbackResponse = envelope(z.object({ id: z.string() }));
