import { QueryClient, QueryClientProvider, useIsFetching, useIsMutating } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { LoadingBar } from './global-loading.tsx';

/**
 * One client for the whole visit, created when the first page that reads server state loads: the
 * sign-in pages never download TanStack Query, and the cache survives moving between layouts.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; a network blip might.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

function QueryActivityBar() {
  const busy = useIsFetching() + useIsMutating() > 0;
  return busy ? <LoadingBar /> : null;
}

/** For a piece of a page that reads server state on a page that otherwise does not (onboarding's goals). */
export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Layout route of the pages that use TanStack Query. */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <QueryActivityBar />
      <Outlet />
    </QueryClientProvider>
  );
}
