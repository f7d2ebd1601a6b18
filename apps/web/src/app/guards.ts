import { loginFor } from '../lib/next-path.ts';
import type { Session } from '../lib/session-store.ts';

/**
 * Spec §4's dashboard guard: where to send someone who may not see the dashboard, or null. A
 * signed-out visitor goes to /login with the page asked for (`asked`: path, query and hash), so a
 * deep link opens once they have signed in.
 */
export function dashboardRedirect(session: Session | null, asked = ''): string | null {
  if (!session) return loginFor(asked);
  if (session.user.email_verified === false) return '/onboarding';
  return null;
}
