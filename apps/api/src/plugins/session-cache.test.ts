import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/test-app.ts';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache.ts';

const alice = { userId: 'user-a', sessionId: 'session-a1', generation: 0 };
const alicePhone = { userId: 'user-a', sessionId: 'session-a2', generation: 0 };
const bob = { userId: 'user-b', sessionId: 'session-b1', generation: 0 };
const farExpiry = { expiresAt: new Date(Date.parse('2027-01-01T00:00:00Z')), minGeneration: 0 };

function seen(cache: SessionCache, ...claims: (typeof alice)[]) {
  for (const c of claims) cache.rememberActive(cache.startLookup(), c, farExpiry);
}

describe('SessionCache', () => {
  it('trusts a session it saw active for less than the TTL, not at the TTL', () => {
    const clock = new TestClock();
    const cache = new SessionCache(clock);
    seen(cache, alice);
    clock.advance(SESSION_CACHE_TTL_MS - 1);
    expect(cache.isActive(alice)).toBe(true);
    clock.advance(1);
    expect(cache.isActive(alice)).toBe(false);
  });

  it('never trusts a session past its own expiry, nor for another user', () => {
    const clock = new TestClock();
    const cache = new SessionCache(clock);
    cache.rememberActive(cache.startLookup(), alice, {
      expiresAt: new Date(clock.now().getTime() + 1000),
      minGeneration: 0,
    });
    expect(cache.isActive({ ...alice, userId: 'user-b' })).toBe(false);
    clock.advance(1000);
    expect(cache.isActive(alice)).toBe(false);
  });

  it('refuses an access token of a generation below the session floor it saw', () => {
    const cache = new SessionCache(new TestClock());
    cache.rememberActive(cache.startLookup(), alice, { ...farExpiry, minGeneration: 3 });
    expect(cache.isActive({ ...alice, generation: 2 })).toBe(false);
    expect(cache.isActive({ ...alice, generation: 3 })).toBe(true);
  });

  it('does not store a lookup that was running when a revocation was recorded', () => {
    const cache = new SessionCache(new TestClock());
    // The lookup reads the row just before the revocation commits, and answers just after it.
    const lookup = cache.startLookup();
    cache.forgetSession(alice.sessionId);
    cache.rememberActive(lookup, alice, farExpiry);
    expect(cache.isActive(alice)).toBe(false);
  });

  it("forgets one user's sessions, keeping the one named and other users'", () => {
    const cache = new SessionCache(new TestClock());
    seen(cache, alice, alicePhone, bob);
    cache.forgetUser(alice.userId, alice.sessionId);
    expect([cache.isActive(alice), cache.isActive(alicePhone), cache.isActive(bob)]).toEqual([true, false, true]);
  });

  it('keeps verified token claims until the token expires', () => {
    const clock = new TestClock();
    const cache = new SessionCache(clock);
    cache.rememberClaims('token-1', alice, clock.now().getTime() + 60_000);
    expect(cache.verifiedClaims('token-1')).toEqual(alice);
    expect(cache.verifiedClaims('token-2')).toBeUndefined();
    clock.advance(60_000);
    expect(cache.verifiedClaims('token-1')).toBeUndefined();
  });
});
