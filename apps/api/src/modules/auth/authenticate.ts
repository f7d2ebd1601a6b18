import type { Db } from '@helo/db/client';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { unauthorized } from '../../lib/http-error.ts';
import type { SessionCache } from '../../plugins/session-cache.ts';
import type { AccessTokens } from './access-token.ts';
import { findActiveSession } from './auth.repository.ts';

/**
 * A preHandler for routes that need a signed-in user. Beyond the JWT signature it checks that the
 * session is still active, so logout, password changes and reuse detection take effect at once on
 * this server and within the session cache's TTL (5 s) on any other.
 */
export function createAuthenticate(db: Db, accessTokens: AccessTokens, clock: Clock, cache: SessionCache) {
  async function resolve(request: FastifyRequest): Promise<AuthContext | 'missing' | 'invalid'> {
    const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) return 'missing';
    const token = match[1];
    let claims = cache.verifiedClaims(token);
    if (!claims) {
      const verified = await accessTokens.verify(token, clock.now());
      if (!verified) return 'invalid';
      claims = { userId: verified.userId, sessionId: verified.sessionId, generation: verified.generation };
      cache.rememberClaims(token, claims, verified.expiresAt);
    }
    if (cache.isActive(claims)) return claims;
    const lookup = cache.startLookup();
    const session = await findActiveSession(db, claims.sessionId, claims.userId, clock.now());
    if (!session) return 'invalid';
    cache.rememberActive(lookup, claims, session);
    // Signed out by "sign out other devices" or a password change made with a newer token of this session.
    if (claims.generation < session.minGeneration) return 'invalid';
    return claims;
  }
  return {
    async authenticate(request: FastifyRequest): Promise<void> {
      const auth = await resolve(request);
      if (auth === 'missing') throw unauthorized('You need to log in to do that.');
      if (auth === 'invalid') throw unauthorized();
      request.auth = auth;
    },
    /** For routes open to everyone that remember who it was when someone is signed in. */
    async identify(request: FastifyRequest): Promise<void> {
      const auth = await resolve(request);
      if (typeof auth !== 'string') request.auth = auth;
    },
  };
}
