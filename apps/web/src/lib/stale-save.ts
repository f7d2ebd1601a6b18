import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from './api-client.ts';
import { failureText } from './failure-text.ts';
import { showToast, TOAST_MS } from './toast.ts';

/**
 * An edit saved with the version the page read (spec: a change made meanwhile in another tab is not
 * overwritten). `save` runs the call; a 409 is not the form's failure but `stale`, its reason, shown
 * with Reload; any other failure is toasted and thrown on for the form to place. `reload` fetches
 * `queryKey` again and hands its data to `apply`, which replaces what was typed (or closes, when
 * the record is gone).
 */
export function useStaleSave() {
  const client = useQueryClient();
  const [stale, setStale] = useState<string | null>(null);
  const save = async (call: () => Promise<void>) => {
    setStale(null);
    try {
      await call();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setStale(error.message);
        return;
      }
      showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
      throw error;
    }
  };
  const reload = async <Data>(queryKey: QueryKey, apply: (data: Data | undefined) => void) => {
    await client.refetchQueries({ queryKey });
    const data = client.getQueryData<Data>(queryKey);
    setStale(null);
    apply(data);
  };
  return { stale, save, reload };
}
