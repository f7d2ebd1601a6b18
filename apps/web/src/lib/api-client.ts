import type { SessionPayload } from '@helo/contract/auth';
import type { Session, SessionStore } from './session-store.ts';

export interface FieldError {
  path: string;
  message: string;
}

/** An error reply the caller handles: the server's message and, for bad input, the fields at fault. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  readonly data: unknown;
  constructor(status: number, message: string, errors: FieldError[] = [], data: unknown = null) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.data = data;
  }
}

/** What to tell a person about a failed call: the server's message, or the spec's fallback. */
export const errorMessage = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong');

/** The spec turns a 404 into a result, not an error. */
export interface ApiResult<T> {
  status: number;
  data: T;
  message: string | undefined;
  /** The whole answer, for fields beside `data` (a list's `next_cursor`). */
  body: Record<string, unknown>;
}

export interface ApiClientOptions {
  store: SessionStore;
  /** Called when the session is over (a refused refresh, or a 401 a refresh could not cure): the app signs out. */
  onSessionEnded: (reason: 'unauthorized' | 'refresh-refused') => void;
  now?: () => number;
  fetch?: typeof fetch;
  /** Runs a refresh while no other tab runs one; the browser's Web Locks by default. */
  withRefreshLock?: <T>(refresh: () => Promise<T>) => Promise<T>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// One refresh at a time across every tab of the origin: the refresh token (in the shared cookie)
// rotates on use, so two tabs refreshing at once would present the same token twice.
function webLock<T>(refresh: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('helo-session-refresh', refresh) : refresh();
}

const RETRY_LATER = 'We could not reach Helo just now. Please try again in a moment.';

export function createApiClient(options: ApiClientOptions) {
  const { store, onSessionEnded } = options;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const withRefreshLock = options.withRefreshLock ?? webLock;
  let refreshing: Promise<void> | null = null;

  // Spec §4: refresh when the seconds since the time stamp exceed expires_in / 1000.
  const isExpired = (s: Session) => (now() - s.timestamp) / 1000 > s.expires_in / 1000;

  /**
   * Swaps the access token `stale` for a new one through the refresh cookie. Only a refused
   * refresh (401/403) ends the session; a server error or no network leaves it as it is, and the
   * next call tries again.
   */
  async function refresh(stale: string): Promise<void> {
    await withRefreshLock(async () => {
      // While this tab waited for the lock, another may have refreshed, or signed out.
      store.adoptStored();
      const current = store.get();
      if (!current || current.access_token !== stale) return;
      let res: Response;
      try {
        res = await doFetch('/api/v1/auth/token', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
      } catch {
        throw new ApiError(0, RETRY_LATER);
      }
      if (res.status === 401 || res.status === 403) {
        onSessionEnded('refresh-refused');
        throw new ApiError(res.status, 'Your session has ended. Please log in again.');
      }
      if (!res.ok) throw new ApiError(res.status, RETRY_LATER);
      const body = (await res.json()) as { data: SessionPayload };
      store.update({ ...body.data, timestamp: now() });
      store.flush();
    });
  }

  /** One refresh at a time in this tab: concurrent calls wait for the same one. */
  function refreshOnce(stale: string): Promise<void> {
    refreshing ??= refresh(stale).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function ensureFresh(): Promise<void> {
    const session = store.get();
    if (session && isExpired(session)) await refreshOnce(session.access_token);
  }

  function send(method: Method, path: string, body: unknown, session: Session | null) {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (session?.access_token) headers.authorization = `Bearer ${session.access_token}`;
    return doFetch(`/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  }

  async function request<T>(method: Method, path: string, body?: unknown): Promise<ApiResult<T>> {
    await ensureFresh();
    let session = store.get();
    let res = await send(method, path, body, session);
    // A refused access token: a refresh may cure it (the token ran out early, or another tab has a
    // newer one); if the refresh is refused, `refresh` has ended the session already.
    if (res.status === 401 && session) {
      await refreshOnce(session.access_token);
      session = store.get();
      res = await send(method, path, body, session);
      if (res.status === 401 && session) onSessionEnded('unauthorized');
    }
    const payload = (await res.json().catch(() => ({}))) as {
      message?: string;
      data?: T;
      errors?: FieldError[];
    } & Record<string, unknown>;
    if (res.ok) return { status: res.status, data: payload.data as T, message: payload.message, body: payload };
    if (res.status === 404) {
      return { status: 404, data: null as T, message: payload.message ?? 'Resource not found', body: payload };
    }
    throw new ApiError(
      res.status,
      payload.message ?? 'Something went wrong',
      payload.errors ?? [],
      payload.data ?? null,
    );
  }

  return {
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
    del: <T>(path: string) => request<T>('DELETE', path),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
