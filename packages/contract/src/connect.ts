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
      .min(1, 'Choose at least one professional')
      .max(PROFESSIONALS.length, 'Choose each professional at most once')
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
