import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './api-client.ts';

/**
 * One client for the whole visit, created when the first page that reads server state loads: the
 * sign-in pages never download TanStack Query, and the cache survives moving between layouts. Here,
 * below the features, because onboarding needs it for one step as well as the app's query layout.
 */
export const queryClient = new QueryClient({
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
