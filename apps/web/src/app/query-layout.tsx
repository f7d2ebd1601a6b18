import { QueryClientProvider, useIsFetching, useIsMutating } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.tsx';
import { LoadingBar } from './global-loading.tsx';

function QueryActivityBar() {
  const busy = useIsFetching() + useIsMutating() > 0;
  return busy ? <LoadingBar /> : null;
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
