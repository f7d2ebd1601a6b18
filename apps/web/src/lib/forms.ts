import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts the server's field errors on the form's fields; returns the message to show for the rest
 * (or null when every error found its field).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please check your connection and try again.';
  let unmatched = error.errors.length === 0;
  for (const e of error.errors) {
    const field = fields.find((f) => f === e.path);
    if (field) setError(field, { type: 'server', message: e.message });
    else unmatched = true;
  }
  return unmatched ? error.message : null;
}
