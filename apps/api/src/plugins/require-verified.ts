import type { Db } from '@helo/db/client';
import { users } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import { forbidden } from '../lib/http-error.ts';
import { SESSION_CACHE_TTL_MS } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves a signed-in user whose email is not verified yet (require-verified.ts). */
    unverifiedAllowed?: boolean;
  }
}

export const VERIFY_FIRST = 'Verify your email first';

/**
 * Route config of the few signed-in routes an unverified account may call: reading and updating its
 * profile, the onboarding routes, and resending the verification. Every other signed-in route
 * answers 403 until the address is proven, so a new feature route is gated without anyone
 * remembering to gate it.
 */
export const UNVERIFIED_ALLOWED = { unverifiedAllowed: true } as const;

// Bounds memory whatever the traffic; past it the oldest entries go first.
const MAX_ENTRIES = 50_000;

/**
 * `authenticate`, followed by the check that the signed-in user has verified their email, unless
 * the route's config says `unverifiedAllowed`. A verified user is remembered for the session cache's
 * TTL (nothing un-verifies an account today; if something ever does, it is seen within that time),
 * so a signed-in request costs no extra query; an unverified one is looked up every time, so the
 * verification takes effect at once.
 */
export function requireVerifiedEmail(
  authenticate: (request: FastifyRequest) => Promise<void>,
  db: Db,
  clock: Clock,
): preHandlerAsyncHookHandler {
  const verifiedUntil = new Map<string, number>();

  async function isVerified(userId: string): Promise<boolean> {
    const now = clock.now().getTime();
    const until = verifiedUntil.get(userId);
    if (until !== undefined && until > now) return true;
    verifiedUntil.delete(userId);
    const [row] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
    if (!row?.verifiedAt) return false;
    if (verifiedUntil.size >= MAX_ENTRIES) {
      const oldest = verifiedUntil.keys().next().value;
      if (oldest !== undefined) verifiedUntil.delete(oldest);
    }
    verifiedUntil.set(userId, now + SESSION_CACHE_TTL_MS);
    return true;
  }

  return async function authenticateVerified(request) {
    await authenticate(request);
    if (request.routeOptions.config.unverifiedAllowed) return;
    const userId = request.auth?.userId;
    if (userId && !(await isVerified(userId))) throw forbidden(VERIFY_FIRST);
  };
}
