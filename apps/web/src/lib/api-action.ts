import { useState } from 'react';
import { ApiError } from './api-client.ts';
import { toastError, toastSuccess } from './toast.ts';

export interface ApiActionOptions {
  /** Toasted after success when the server sent no message of its own; no toast when absent. */
  success?: string;
  /**
   * 'toast' (the default) tells the person; 'log' only logs, for the calls the spec fails silently
   * (a failed feedback send still thanks the person: decisions.md).
   */
  failure?: 'toast' | 'log';
}

/** What the action's call resolves to: an `ApiResult`, or nothing. */
interface ActionResult {
  found?: boolean;
  message?: string | null | undefined;
}

/**
 * A call a button makes, outside a form (forms use `useApiForm`): `busy` while it runs, then the
 * success toast (the server's message first) or the failure toast (a 404 result is a failure). `run` resolves to whether the
 * call worked, so the caller can move on (navigate, refetch) only then.
 */
export function useApiAction<A extends unknown[]>(
  call: (...args: A) => Promise<ActionResult | undefined>,
  { success, failure = 'toast' }: ApiActionOptions = {},
): { run: (...args: A) => Promise<boolean>; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const run = async (...args: A) => {
    setBusy(true);
    try {
      const result = await call(...args);
      // The spec's client answers a 404 with a result; for an action it is still a failure.
      if (result?.found === false) throw new ApiError(404, result.message ?? 'Resource not found');
      if (success !== undefined) toastSuccess(result ? result.message : undefined, success);
      return true;
    } catch (error) {
      if (failure === 'toast') toastError(error);
      else console.error(error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
