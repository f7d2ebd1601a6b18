import type { PublicUser } from '@helo/contract/auth';

/**
 * The signed-in session of spec §3, without the refresh token: that lives only in the HttpOnly
 * cookie, which every tab shares, so no tab can hold a copy that another tab's refresh made stale.
 */
export interface Session {
  access_token: string;
  /** Milliseconds the access token lives. */
  expires_in: number;
  user: PublicUser;
  /** When the access token was received (ms since epoch). */
  timestamp: number;
}

const STORAGE_KEY = 'helo.session';
const ONBOARDING_KEY = 'helo.onboarding';
const SAVE_INTERVAL_MS = 1000;

type Listener = () => void;

/**
 * A small external store (for useSyncExternalStore). Writes to localStorage are throttled to once a
 * second, as the spec says; the last change in a burst is always written. localStorage is also how
 * tabs share a session: a tab adopts a newer session another tab stored, and signs out with it.
 */
export class SessionStore {
  private session: Session | null;
  private listeners = new Set<Listener>();
  private lastSave = 0;
  private pendingSave: ReturnType<typeof setTimeout> | undefined;
  private readonly storage: Storage;
  private readonly now: () => number;

  constructor(storage: Storage, now: () => number = Date.now) {
    this.storage = storage;
    this.now = now;
    this.session = readStored(storage);
  }

  get = (): Session | null => this.session;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(session: (Session & { refresh_token?: string }) | null): void {
    this.session = session === null ? null : withoutRefreshToken(session);
    this.notify();
    if (session === null) {
      this.cancelSave();
      this.storage.removeItem(STORAGE_KEY);
      this.storage.removeItem(ONBOARDING_KEY);
      return;
    }
    this.scheduleSave();
  }

  /** Merges fields into the current session (token refresh, profile change). */
  update(changes: Partial<Session>): void {
    if (this.session) this.set({ ...this.session, ...changes });
  }

  /** Writes the session now: after a token refresh, other tabs must see the new token at once. */
  flush(): void {
    this.cancelSave();
    this.save();
  }

  /**
   * Takes the session stored by another tab when it is newer than ours (it refreshed the token);
   * an empty store means that tab signed out. Returns whether anything changed.
   */
  adoptStored(): boolean {
    const stored = readStored(this.storage);
    if (stored === null) {
      if (this.session === null) return false;
      this.session = null;
      this.cancelSave();
      this.notify();
      return true;
    }
    if (this.session && stored.timestamp <= this.session.timestamp) return false;
    this.session = stored;
    this.notify();
    return true;
  }

  /** Follows what other tabs do to the session (the storage event fires only in the other tabs). */
  followOtherTabs(target: Pick<Window, 'addEventListener'>): void {
    target.addEventListener('storage', (event: StorageEvent) => {
      if (event.key === STORAGE_KEY || event.key === null) this.adoptStored();
    });
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }

  private scheduleSave(): void {
    const wait = this.lastSave + SAVE_INTERVAL_MS - this.now();
    if (wait <= 0) {
      this.save();
      return;
    }
    this.pendingSave ??= setTimeout(() => {
      this.pendingSave = undefined;
      this.save();
    }, wait);
  }

  private save(): void {
    this.lastSave = this.now();
    if (!this.session) return;
    this.storage.setItem(STORAGE_KEY, JSON.stringify(this.session));
  }

  private cancelSave(): void {
    if (this.pendingSave) clearTimeout(this.pendingSave);
    this.pendingSave = undefined;
  }
}

// Login, register and refresh answers carry the refresh token for clients of the spec; the browser
// has it in the cookie already and must never send a copy of its own.
function withoutRefreshToken(session: Session & { refresh_token?: string }): Session {
  const { refresh_token: _cookie_only, ...rest } = session;
  return rest;
}

function readStored(storage: Storage): Session | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Session;
    return parsed?.access_token && parsed.user ? parsed : null;
  } catch {
    return null;
  }
}

export const sessionStore = new SessionStore(window.localStorage);
sessionStore.followOtherTabs(window);
