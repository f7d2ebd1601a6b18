import { type Home, homeResponse } from '@helo/contract/home';
import { useQuery } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';

/** The Home page's one query: every area's headline figures in one answer (`GET /v1/home`). */
export const HOME_KEY = ['home'];

export function useHome() {
  return useQuery({
    queryKey: HOME_KEY,
    queryFn: async (): Promise<Home> => expectFound(await api.get('/v1/home', homeResponse)).data,
    // Every other page changes these figures without knowing about Home: coming back here asks again,
    // while the figures from the last visit stay on screen until the fresh ones arrive.
    refetchOnMount: 'always',
  });
}
