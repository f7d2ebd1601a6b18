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
}

export interface ApiClientOptions {
  store: SessionStore;
  /** Called when the server says the session is over (401/403): the app signs out. */
  onSessionEnded: (reason: 'unauthorized' | 'refresh-refused') => void;
  now?: () => number;
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function createApiClient(options: ApiClientOptions) {
  const { store, onSessionEnded } = options;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let refreshing: Promise<void> | null = null;

  // Spec §4: refresh when the seconds since the time stamp exceed expires_in / 1000.
  const isExpired = (s: Session) => (now() - s.timestamp) / 1000 > s.expires_in / 1000;

  async function refresh(session: Session): Promise<void> {
    const res = await doFetch('/api/v1/auth/token', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(session.refresh_token ? { refresh_token: session.refresh_token } : {}),
    });
    if (!res.ok) {
      onSessionEnded('refresh-refused');
      throw new ApiError(res.status, 'Your session has ended. Please log in again.');
    }
    const body = (await res.json()) as { data: SessionPayload };
    store.update({ ...body.data, timestamp: now() });
  }

  /** One refresh at a time: concurrent calls wait for the same one. */
  async function ensureFresh(): Promise<void> {
    const session = store.get();
    if (!session || !isExpired(session)) return;
    refreshing ??= refresh(session).finally(() => {
      refreshing = null;
    });
    await refreshing;
  }

  async function request<T>(method: Method, path: string, body?: unknown): Promise<ApiResult<T>> {
    await ensureFresh();
    const session = store.get();
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (session?.access_token) headers.authorization = `Bearer ${session.access_token}`;
    const res = await doFetch(`/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const payload = (await res.json().catch(() => ({}))) as { message?: string; data?: T; errors?: FieldError[] };
    if (res.ok) return { status: res.status, data: payload.data as T, message: payload.message };
    if (res.status === 404) {
      return { status: 404, data: null as T, message: payload.message ?? 'Resource not found' };
    }
    if ((res.status === 401 || res.status === 403) && session) onSessionEnded('unauthorized');
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
