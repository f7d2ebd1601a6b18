import type { Session } from '../lib/session-store.ts';

/** Spec §4's dashboard guard: where to send someone who may not see the dashboard, or null. */
export function dashboardRedirect(session: Session | null): string | null {
  if (!session) return '/login';
  if (session.user.email_verified === false) return '/onboarding';
  return null;
}
