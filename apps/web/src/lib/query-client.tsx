import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './api-client.ts';
import type { WriteMeta } from './feature.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: Partial<WriteMeta>;
  }
}

/**
 * Marks stale every query of the features named: by the shared key convention (lib/feature.ts) each
 * feature's query keys start with its id, so a write elsewhere needs only the id, never the keys.
 * Active queries read again; the others when next shown. For a write that is not a mutation (an import).
 */
export function invalidateFeatures(client: QueryClient, features: readonly string[]) {
  for (const id of features) void client.invalidateQueries({ queryKey: [id] });
}

/**
 * The invalidation loop: a mutation whose `meta` carries its feature.ts `invalidates` marks those
 * features' queries stale when it succeeds. Not awaited: the write's own answer
 * does not wait for other pages' figures.
 */
export const writeInvalidation = () =>
  new MutationCache({
    onSuccess: (_data, _variables, _result, mutation, { client }) => {
      invalidateFeatures(client, mutation.meta?.invalidates ?? []);
    },
  });

/**
 * One client for the whole visit, created when the first page that reads server state loads: the
 * sign-in pages never download TanStack Query, and the cache survives moving between layouts. Here,
 * below the features, because onboarding needs it for one step as well as the app's query layout.
 */
export const queryClient = new QueryClient({
  mutationCache: writeInvalidation(),
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; a network blip might.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** For a piece of a page that reads server state on a page that otherwise does not (onboarding's goals). */
export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
