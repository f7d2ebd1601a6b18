import { type Nest, nestResponse } from '@helo/contract/nest';
import { useQuery } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';

/**
 * The Nest's one query, apart from its writes (use-nest.ts): the side menu reads it on every
 * dashboard page for its locks, and takes this file alone into the dashboard's frame, with the
 * Nest's schemas (vite.config.ts: the frame loads zod anyway, and the query needs no second trip).
 */
export const NEST_PATH = '/v1/nest';
/** One query for the Nest: the side menu's locks read it too, so activating unlocks them at once. */
export const NEST_KEY = ['nest'];

/** The Nest as it stands; `active` false before activation (the API answers it, not a 404). */
export function useNest() {
  return useQuery({
    queryKey: NEST_KEY,
    queryFn: async (): Promise<Nest> => expectFound(await api.get(NEST_PATH, nestResponse)).data,
  });
}

/**
 * The menu's locks on the Nest Account and My Wallet (nest/feature.ts `activation`): true once the
 * Nest is known to be active. Activation writes its answer into the query, so they go at once.
 */
export const useNestActive = () => useNest().data?.active === true;
