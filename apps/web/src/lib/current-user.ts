import { type onboardingInfo, onboardingResponse, type PublicUser } from '@helo/contract/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { expectFound } from './api-client.ts';
import { api, useSession } from './auth.ts';

/** The signed-in user as the server last described them (GET /v1/auth/register, spec §7). */
export const CURRENT_USER_KEY = ['current-user'];

/**
 * What the server says about the signed-in user (GET /v1/auth/register): the query cache owns it,
 * and nothing copies it anywhere else; a change (the profile form) goes into this query. It runs
 * only for someone the session lets into the dashboard: the session keeps its own user, the
 * sign-in's (and verification's) record of who may enter, and the guard reads that.
 *
 * `confirm` refetches whenever the caller mounts (the dashboard layout: each entry confirms the
 * session and picks up a name changed elsewhere); other readers take the cached answer.
 */
export function useCurrentUserQuery({ confirm = false }: { confirm?: boolean } = {}) {
  const session = useSession();
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async () => expectFound(await api.get('/v1/auth/register', onboardingResponse)).data,
    enabled: session !== null && session.user.email_verified !== false,
    refetchOnMount: confirm,
  });
}

/**
 * The signed-in user to show (a name, an initial). Until the server's first answer arrives, the user
 * the sign-in answer carried stands in, so the name never flashes 'User'. A form that edits the user
 * waits for the query instead (`useCurrentUserQuery`).
 */
export function useCurrentUser(): PublicUser | null {
  const session = useSession();
  const info = useCurrentUserQuery();
  if (!session) return null;
  return info.data?.user ?? session.user;
}

/** After a change the server confirmed (the profile form), its answer becomes the cached user. */
export function useReplaceCurrentUser(): (user: PublicUser) => void {
  const client = useQueryClient();
  return (user) =>
    client.setQueryData<z.infer<typeof onboardingInfo>>(CURRENT_USER_KEY, (info) => info && { ...info, user });
}
