import { ApiError } from './api-client.ts';

export const CONNECTION_PROBLEM = 'Something went wrong. Please check your connection and try again.';

/**
 * Splits a failed submit into messages for the form's own fields and one message for the rest
 * (null when every error found its field).
 */
export function splitServerErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): { fieldErrors: Partial<Record<F, string>>; formError: string | null } {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, formError: CONNECTION_PROBLEM };
  const fieldErrors: Partial<Record<F, string>> = {};
  let unmatched = error.errors.length === 0;
  for (const e of error.errors) {
    const field = fields.find((f) => f === e.path);
    if (field) fieldErrors[field] = e.message;
    else unmatched = true;
  }
  return { fieldErrors, formError: unmatched ? error.message : null };
}
