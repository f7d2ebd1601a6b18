import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionStore } from './session-store.ts';

const user = { id: 'u1', first_name: 'Ada', last_name: 'L', email: 'a@b.co', email_verified: false };
const session = (n: number) => ({
  access_token: `a${n}`,
  refresh_token: `r${n}`,
  expires_in: 900_000,
  user,
  timestamp: n,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('session store', () => {
  it('saves to localStorage at most once a second, ending with the latest session', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const store = new SessionStore(localStorage, () => Date.now());
    store.set(session(1));
    store.set(session(2));
    store.set(session(3));
    expect(setItem).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(JSON.parse(localStorage.getItem('helo.session') ?? '{}').access_token).toBe('a3');
    setItem.mockRestore();
  });

  it('keeps no copy of the refresh token, in storage or in memory: the cookie is the only one', () => {
    const store = new SessionStore(localStorage, () => Date.now());
    store.set(session(1));
    expect(localStorage.getItem('helo.session')).not.toContain('r1');
    expect(JSON.stringify(store.get())).not.toContain('r1');
  });

  it('adopts a newer session another tab stored, and signs out when that tab did', () => {
    const mine = new SessionStore(localStorage, () => Date.now());
    mine.set(session(1));
    const other = new SessionStore(localStorage, () => Date.now());
    const listener = vi.fn();
    mine.subscribe(listener);

    other.set(session(5));
    other.flush();
    expect(mine.adoptStored()).toBe(true);
    expect(mine.get()?.access_token).toBe('a5');
    expect(listener).toHaveBeenCalledTimes(1);

    // An older stored session never replaces a newer one.
    expect(mine.adoptStored()).toBe(false);
    mine.set(session(9));
    localStorage.setItem('helo.session', JSON.stringify({ ...session(7), refresh_token: undefined }));
    expect(mine.adoptStored()).toBe(false);
    expect(mine.get()?.access_token).toBe('a9');

    other.set(null);
    expect(mine.adoptStored()).toBe(true);
    expect(mine.get()).toBeNull();
  });

  it('follows storage events of other tabs', () => {
    const store = new SessionStore(localStorage, () => Date.now());
    store.set(session(1));
    const target = new EventTarget();
    store.followOtherTabs(target as unknown as Window);
    localStorage.setItem('helo.session', JSON.stringify({ ...session(3), refresh_token: undefined }));
    target.dispatchEvent(new StorageEvent('storage', { key: 'helo.session' }));
    expect(store.get()?.access_token).toBe('a3');
    localStorage.clear();
    target.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(store.get()).toBeNull();
  });

  it('restores the stored session on a new page, and clearing removes it', () => {
    const store = new SessionStore(localStorage, () => Date.now());
    store.set(session(1));
    expect(new SessionStore(localStorage).get()?.access_token).toBe('a1');
    store.set(null);
    expect(localStorage.getItem('helo.session')).toBeNull();
    expect(new SessionStore(localStorage).get()).toBeNull();
  });

  it('tells subscribers about every change', () => {
    const store = new SessionStore(localStorage, () => Date.now());
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(session(1));
    store.update({ access_token: 'x' });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.get()?.access_token).toBe('x');
  });
});
