import type { Nest } from '@helo/contract/nest';
import { useQuery } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';

/**
 * The Nest's one query, apart from its writes (use-nest.ts): the side menu reads it on every
 * dashboard page for its locks, and takes this file alone into the dashboard's frame.
 */
export const NEST_PATH = '/v1/nest';
/** One query for the Nest: the side menu's locks read it too, so activating unlocks them at once. */
export const NEST_KEY = ['nest'];

/**
 * The contract's schemas, loaded with the first call: the side menu reads the Nest on every
 * dashboard page, and its layout must not carry the Nest's schemas (e2e/specs/performance.spec.ts).
 */
export const nestSchemas = () => import('@helo/contract/nest');

/** The Nest as it stands; `active` false before activation (the API answers it, not a 404). */
export function useNest() {
  return useQuery({
    queryKey: NEST_KEY,
    queryFn: async (): Promise<Nest> => expectFound(await api.get(NEST_PATH, (await nestSchemas()).nestResponse)).data,
  });
}
