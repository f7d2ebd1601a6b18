import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { writeInvalidation } from '../lib/query-client.tsx';

/** A fresh query client for one test: no retries, so a failure shows at once; writes invalidate as the app's do. */
export function testQueryClient() {
  return new QueryClient({ mutationCache: writeInvalidation(), defaultOptions: { queries: { retry: false } } });
}

/**
 * Renders `ui` with a query client (a fresh one, or the test's own when it watches the client),
 * inside a router at `path` when one is given.
 */
export function renderWithClient(ui: ReactElement, path?: string, client: QueryClient = testQueryClient()) {
  render(
    <QueryClientProvider client={client}>
      {path === undefined ? ui : <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>}
    </QueryClientProvider>,
  );
}
