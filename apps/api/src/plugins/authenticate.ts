import type { Db } from '@helo/db/client';
import type { UserRow } from '@helo/db/schema';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import { unauthorized } from '../lib/http-error.ts';
import type { AccessTokens } from '../modules/auth/access-token.ts';
import { findActiveSession } from '../modules/auth/auth.repository.ts';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

/**
 * A preHandler for routes that need a signed-in user. Beyond the JWT signature it checks that the
 * session is still active, so logout, password changes and reuse detection take effect at once.
 */
export function createAuthenticate(db: Db, accessTokens: AccessTokens, clock: Clock) {
  async function resolve(request: FastifyRequest): Promise<AuthContext | 'missing' | 'invalid'> {
    const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) return 'missing';
    const now = clock.now();
    const claims = await accessTokens.verify(match[1], now);
    if (!claims) return 'invalid';
    const row = await findActiveSession(db, claims.sessionId, claims.userId, now);
    return row ? { user: row.user, sessionId: row.sessionId } : 'invalid';
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

/** The signed-in user of a route behind `authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
