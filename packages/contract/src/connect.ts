import { z } from 'zod';
import { envelope } from './envelope.ts';

/** "Connect with an Advisor" (spec §3 "User connect request"), one request per user. */

export const PROFESSIONALS = [
  'Financial Advisor',
  'Financial Coach',
  'Accountant',
  'Estate Planning Attorney',
  'P&C Insurance',
  'Mortgage Broker',
  'Real Estate Agent',
] as const;
export type Professional = (typeof PROFESSIONALS)[number];

export const SATISFACTION_LEVELS = ['very_dissatisfied', 'dissatisfied', 'satisfied', 'very_satisfied'] as const;
export type SatisfactionLevel = (typeof SATISFACTION_LEVELS)[number];

/** The levels as a person reads them: the form's choices and the support team's mail. */
export const SATISFACTION_LABELS: Record<SatisfactionLevel, string> = {
  very_dissatisfied: 'Very dissatisfied',
  dissatisfied: 'Dissatisfied',
  satisfied: 'Satisfied',
  very_satisfied: 'Very satisfied',
};

/**
 * Check options for a list's length: zod runs length checks even on a value of the wrong type
 * ("Accountant" has 10 letters), which would add a second error to "must be a list". `when` is a
 * documented option of every zod check that the typings of .min()/.max() leave out.
 */
const onLists = (message: string) => ({ message, when: (p: { value: unknown }) => Array.isArray(p.value) });

/**
 * The form's answers. The satisfaction question is asked only of someone who already works with a
 * professional, so it is required then and stored as null otherwise.
 */
export const connectBody = z
  .object({
    professionals_need: z
      .array(z.enum(PROFESSIONALS, { error: 'Choose professionals from the list' }), {
        error: (i) =>
          i.input === undefined ? 'Professionals needed is required' : 'Professionals needed must be a list',
      })
      .min(1, onLists('Choose at least one professional'))
      .max(PROFESSIONALS.length, onLists('Choose each professional at most once'))
      .refine((list) => new Set(list).size === list.length, 'Choose each professional at most once'),
    has_working_professional: z.boolean({ error: 'Works with a professional must be yes or no' }).default(true),
    satisfaction_level: z.enum(SATISFACTION_LEVELS, { error: 'Choose how satisfied you are' }).nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.has_working_professional && !body.satisfaction_level) {
      ctx.addIssue({ code: 'custom', path: ['satisfaction_level'], message: 'Choose how satisfied you are' });
    }
  });
export type ConnectBody = z.input<typeof connectBody>;

export const connectRequest = z.object({
  id: z.string(),
  professionals_need: z.array(z.enum(PROFESSIONALS)),
  has_working_professional: z.boolean(),
  satisfaction_level: z.enum(SATISFACTION_LEVELS).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConnectRequest = z.infer<typeof connectRequest>;
export const connectResponse = envelope(connectRequest);
