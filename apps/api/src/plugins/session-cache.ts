import type { AuthContext } from '../lib/auth-context.ts';
import type { Clock } from '../lib/clock.ts';

/** How long a server trusts its last look at a session: a revocation elsewhere takes at most this. */
export const SESSION_CACHE_TTL_MS = 5_000;
// Bounds memory whatever the traffic; past it the oldest entries go first.
const MAX_ENTRIES = 50_000;

interface SessionSeen {
  userId: string;
  /** The session's generation floor when it was looked up: older access tokens are refused. */
  minGeneration: number;
  /** Trusted until then: the check time plus the TTL, never past the session's own expiry. */
  until: number;
}

/**
 * What one server remembers between requests so that a signed-in read costs no extra query: the
 * claims of access tokens it has verified (a signature never changes; only the expiry is checked
 * again) and, for at most {@link SESSION_CACHE_TTL_MS}, that a session was active.
 *
 * Every path that revokes a session calls `forgetSession`/`forgetUser` after its transaction
 * commits, so this server refuses the session at once; other servers stop trusting their copy
 * within the TTL. A lookup that was already running when something was forgotten is not stored
 * (the generation counter), or it could put back what a revocation just removed.
 */
export class SessionCache {
  private readonly clock: Clock;
  private readonly ttlMs: number;
  private readonly tokens = new Map<string, AuthContext & { expiresAt: number }>();
  private readonly sessions = new Map<string, SessionSeen>();
  private generation = 0;

  constructor(clock: Clock, ttlMs = SESSION_CACHE_TTL_MS) {
    this.clock = clock;
    this.ttlMs = ttlMs;
  }

  verifiedClaims(token: string): AuthContext | undefined {
    const hit = this.tokens.get(token);
    if (!hit) return undefined;
    if (hit.expiresAt <= this.clock.now().getTime()) {
      this.tokens.delete(token);
      return undefined;
    }
    return { userId: hit.userId, sessionId: hit.sessionId, generation: hit.generation };
  }

  rememberClaims(token: string, claims: AuthContext, expiresAt: number): void {
    bounded(this.tokens).set(token, { ...claims, expiresAt });
  }

  /** True when this server saw the session active, for this token's generation, less than the TTL ago. */
  isActive(claims: AuthContext): boolean {
    const seen = this.sessions.get(claims.sessionId);
    if (!seen) return false;
    if (seen.userId !== claims.userId || claims.generation < seen.minGeneration) return false;
    if (seen.until <= this.clock.now().getTime()) {
      this.sessions.delete(claims.sessionId);
      return false;
    }
    return true;
  }

  /** Call before the database lookup; pass the result to `rememberActive`. */
  startLookup(): number {
    return this.generation;
  }

  rememberActive(lookup: number, claims: AuthContext, session: { expiresAt: Date; minGeneration: number }): void {
    if (lookup !== this.generation) return;
    const until = Math.min(this.clock.now().getTime() + this.ttlMs, session.expiresAt.getTime());
    bounded(this.sessions).set(claims.sessionId, {
      userId: claims.userId,
      minGeneration: session.minGeneration,
      until,
    });
  }

  forgetSession(sessionId: string): void {
    this.generation++;
    this.sessions.delete(sessionId);
  }

  /** Every session of the user but `keepSessionId` (sign out other devices keeps the current one). */
  forgetUser(userId: string, keepSessionId?: string): void {
    this.generation++;
    for (const [sessionId, seen] of this.sessions) {
      if (seen.userId === userId && sessionId !== keepSessionId) this.sessions.delete(sessionId);
    }
  }
}

function bounded<V>(map: Map<string, V>): Map<string, V> {
  if (map.size >= MAX_ENTRIES) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  return map;
}
