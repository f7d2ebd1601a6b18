import { ACCESS_TOKEN_TTL_MS } from '@helo/contract/auth';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  /** The generation of the refresh token issued with it: below the session's floor it stops working. */
  generation: number;
}

const ISSUER = 'helo';
const AUDIENCE = 'helo-api';

/** Short-lived signed JWT (HS256); the session it names is still checked on every request. */
export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessClaims, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId, gen: claims.generation })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_MS / 1000)
        .sign(key);
    },
    /** The claims and expiry (epoch ms), or null for anything invalid, expired or forged. */
    async verify(token: string, now: Date): Promise<(AccessClaims & { expiresAt: number }) | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: now,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !payload.exp) return null;
        // Tokens signed before generations existed count as the first one.
        const generation = Number.isSafeInteger(payload.gen) ? (payload.gen as number) : 0;
        return { userId: payload.sub, sessionId: payload.sid, generation, expiresAt: payload.exp * 1000 };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
