import { type ConnectBody, type ConnectRequest, connectResponse } from '@helo/contract/connect';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { connectFeature } from './feature.ts';

const KEY = ['connect'];
const PATH = '/v1/user-connect';

/**
 * The user's advisor request, or null before the first one (the API's 404). Spec §8: a failed load
 * is only logged; the page then shows an empty form, and the save finds out what exists.
 */
export function useConnectRequest() {
  return useQuery({
    queryKey: KEY,
    queryFn: async (): Promise<ConnectRequest | null> => {
      try {
        const result = await api.get(PATH, connectResponse);
        return result.found ? result.data : null;
      } catch (error) {
        console.error('Could not load the advisor request', error);
        throw error;
      }
    },
  });
}

/**
 * Sends the form: POST when GET said there is no request, PUT when there is (spec §4). When the
 * answer says the guess was stale (another tab created it: 409; it is gone: 404), the other method
 * is tried once, so the person's answers are saved either way. The bell then shows the server's new
 * 'Advisor request received' notification.
 */
export function useSaveConnectRequest() {
  const client = useQueryClient();
  return useMutation({
    meta: { invalidates: connectFeature.invalidates },
    mutationFn: async ({ body, exists }: { body: ConnectBody; exists: boolean }) => {
      const send = (update: boolean) =>
        update ? api.put(PATH, body, connectResponse) : api.post(PATH, body, connectResponse);
      try {
        const first = await send(exists);
        if (first.found) return first.data;
        // A PUT's 404: there is nothing to update after all.
        return expectFound(await send(false)).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && !exists) return expectFound(await send(true)).data;
        throw error;
      }
    },
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
    },
  });
}
