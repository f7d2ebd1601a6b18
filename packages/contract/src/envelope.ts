import { z } from 'zod';

/** One field error: `path` names the field ("email", "debts.2.due_date"). */
export const fieldError = z.object({ path: z.string(), message: z.string() });

/** Every error reply: a sentence for people and, for bad input, the fields at fault. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.array(fieldError).optional(),
  /** Set on a 403 that asks for a fresh proof first (`POST /v1/auth/reauthenticate`, sudo mode). */
  reauth_required: z.literal(true).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Every success reply carries its payload in `data` (the spec's client reads `data.data`). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string().optional(), data });
}

export const messageOnly = z.object({ message: z.string(), data: z.null() });
