import type { PublicUser } from '@helo/contract/auth';

/** The signed-in session of spec §3. The refresh token lives in memory only (and in the HttpOnly cookie). */
export interface Session {
  access_token: string;
  refresh_token?: string;
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
 * second, as the spec says; the last change in a burst is always written.
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

  set(session: Session | null): void {
    this.session = session;
    for (const l of this.listeners) l();
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
    const { refresh_token: _kept_in_memory_only, ...stored } = this.session;
    this.storage.setItem(STORAGE_KEY, JSON.stringify(stored));
  }

  private cancelSave(): void {
    if (this.pendingSave) clearTimeout(this.pendingSave);
    this.pendingSave = undefined;
  }
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
