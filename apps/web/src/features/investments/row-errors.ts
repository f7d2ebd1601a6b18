import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client.ts';

/**
 * Puts the server's errors of the setup's rows (`accounts.1.balance`) on those fields, which
 * useApiForm can not do (it knows the form's top-level fields only). Answers what is left for
 * useApiForm to handle: the error without those, or null when every error found its row.
 */
export function placeRowErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  rowCount: number,
): unknown {
  if (!(error instanceof ApiError) || error.errors.length === 0) return error;
  const rest = error.errors.filter((e) => {
    const m = /^accounts\.(\d+)\.\w+$/.exec(e.path);
    if (!m || Number(m[1]) >= rowCount) return true;
    setError(e.path as Path<T>, { type: 'server', message: e.message });
    return false;
  });
  if (rest.length === 0) return null;
  return new ApiError(error.status, error.message, rest, error.data);
}
