import type { RefreshPayload } from '@helo/contract/auth';
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

/**
 * An answer that does not have the shape the contract promises (a server and a page of different
 * versions, a proxy's error page): a failed call the page shows as it shows any failed load, instead
 * of data that breaks something further down.
 */
export class UnexpectedResponseError extends ApiError {
  /** The schema's complaint, for the console: people see `message`. */
  readonly issues: unknown;
  constructor(status: number, issues: unknown) {
    super(status, 'Helo sent an answer this page could not read. Please reload the page.');
    this.issues = issues;
  }
}

/**
 * What the client needs of a response schema; the contract's zod schemas have it. Callers pass the
 * schema and the client never imports zod, so a page that validates nothing does not download it
 * (~25 KB gzipped: the login page's budget could not hold it).
 */
export interface ResponseSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** The contract's success envelope (`envelope()`, `messageOnly`): the payload in `data`, maybe a message. */
export interface Envelope {
  data: unknown;
  message?: string | undefined;
}

/**
 * A checked answer. The spec turns a 404 into a result, not an error (§8): `found` is false, `data`
 * null and `message` the server's or 'Resource not found'.
 */
export type ApiResult<B extends Envelope> =
  | { found: true; status: number; data: B['data']; message: B['message']; body: B }
  | { found: false; status: 404; data: null; message: string; body: null };

/**
 * For a call whose 404 can only mean something is wrong (a route that must exist, a record that must
 * be there): the answer, or an error that a query shows as a failed load and a form as its alert.
 */
export function expectFound<B extends Envelope>(result: ApiResult<B>): Extract<ApiResult<B>, { found: true }> {
  if (!result.found) throw new ApiError(404, result.message);
  return result;
}

export interface ApiClientOptions {
  store: SessionStore;
  /** Called when the session is over (a refused refresh, or a 401 a refresh could not cure): the app signs out. */
  onSessionEnded: (reason: 'unauthorized' | 'refresh-refused') => void;
  now?: () => number;
  fetch?: typeof fetch;
  /** Runs a refresh while no other tab runs one; the browser's Web Locks by default. */
  withRefreshLock?: <T>(refresh: () => Promise<T>) => Promise<T>;
  /**
   * The schema of the refresh answer (the contract's `refreshResponse`), loaded when the first
   * refresh needs it: the client itself never imports zod.
   */
  loadSessionSchema: () => Promise<ResponseSchema<{ data: RefreshPayload }>>;
  /**
   * The auth interrupt (lib/auth-interrupt.ts): asks the person for a proof and resolves true when
   * the call may go again. `reauth` for a 403 `reauth_required` (sudo mode); `sessionEnded` for a
   * refused refresh, instead of signing out at once (the page and its half-typed form stay).
   * null when nothing can ask (no dialog on this page): the call fails, or the session ends, as before.
   */
  interrupt?: (kind: 'reauth' | 'session-ended') => Promise<boolean> | null;
}

/** The refresh was refused: the session is over unless the person signs in again in place. */
class SessionRefusedError extends ApiError {}

/** What a call that needed a proof the person did not give fails with (the form stays as it was). */
export const NOT_CONFIRMED = 'Not done: this needs you to confirm it is you. Nothing was changed.';
export const NOT_SIGNED_IN = 'Not sent: your session ended. Sign in again to continue.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
  const { loadSessionSchema, interrupt } = options;
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
      let schema: ResponseSchema<{ data: RefreshPayload }>;
      let res: Response;
      try {
        // The schema first: a token rotated by an answer this tab could not read would be wasted.
        schema = await loadSessionSchema();
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
        throw new SessionRefusedError(res.status, 'Your session has ended. Please log in again.');
      }
      if (!res.ok) throw new ApiError(res.status, RETRY_LATER);
      const parsed = schema.safeParse(await res.json().catch(() => undefined));
      if (!parsed.success) throw new UnexpectedResponseError(res.status, parsed.error);
      store.update({ ...parsed.data.data, timestamp: now() });
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
    // A form (a file upload) goes as multipart: the browser writes its Content-Type, boundary included.
    const form = typeof FormData !== 'undefined' && body instanceof FormData ? body : undefined;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    if (session?.access_token) headers.authorization = `Bearer ${session.access_token}`;
    return doFetch(`/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: form ?? JSON.stringify(body) } : {}),
    });
  }

  /**
   * Sends the call (refreshing first when the token is due, and once more after a 401) and reads
   * the answer. Errors other than a 404 are thrown here; a 404 comes back for the caller to turn
   * into a result.
   */
  function authorized(method: Method, path: string, body: unknown): Promise<Response> {
    return withSession((session) => send(method, path, body, session), method !== 'GET');
  }

  /**
   * The token rules of every call, for any transport (fetch here, XMLHttpRequest for an upload
   * with progress, lib/upload.ts): refresh first when the token is due, and once more after a 401.
   */
  async function withSession<R extends { status: number }>(
    call: (session: Session | null) => Promise<R>,
    /**
     * A write (the person's work): a refused refresh asks them to sign in again in place, then
     * sends it. A read signs out as before (a page opened on an ended session goes to the login).
     */
    work = true,
  ): Promise<R> {
    try {
      return await attempt(call);
    } catch (error) {
      if (!(error instanceof SessionRefusedError)) throw error;
      // Sign in again in place, then send the same call with the new session.
      const asked = work ? interrupt?.('session-ended') : null;
      if (asked) {
        if (await asked) return withSession(call, work);
        throw new ApiError(error.status, NOT_SIGNED_IN);
      }
      onSessionEnded('refresh-refused');
      throw error;
    }
  }

  async function attempt<R extends { status: number }>(call: (session: Session | null) => Promise<R>): Promise<R> {
    await ensureFresh();
    let session = store.get();
    let res = await call(session);
    // A refused access token: a refresh may cure it (the token ran out early, or another tab has a
    // newer one); if the refresh is refused, `refresh` has ended the session already.
    if (res.status === 401 && session) {
      await refreshOnce(session.access_token);
      session = store.get();
      res = await call(session);
      if (res.status === 401 && session) onSessionEnded('unauthorized');
    }
    return res;
  }

  /**
   * Sends the call; a 403 `reauth_required` asks the person to confirm it is them (the auth
   * interrupt), then sends it again. The answer is read by `read` (JSON, or a download's Blob).
   */
  async function confirmed(method: Method, path: string, body: unknown): Promise<Response> {
    const res = await authorized(method, path, body);
    if (res.status !== 403 || !interrupt) return res;
    const payload: unknown = await res
      .clone()
      .json()
      .catch(() => undefined);
    if (!isRecord(payload) || payload.reauth_required !== true) return res;
    const asked = interrupt('reauth');
    if (!asked) return res;
    if (await asked) return confirmed(method, path, body);
    throw new ApiError(403, NOT_CONFIRMED);
  }

  async function exchange(method: Method, path: string, body: unknown): Promise<{ status: number; payload: unknown }> {
    const res = await confirmed(method, path, body);
    const payload: unknown = await res.json().catch(() => undefined);
    if (!res.ok && res.status !== 404) {
      const error = errorEnvelope(payload);
      throw new ApiError(res.status, error.message ?? 'Something went wrong', error.errors, error.data);
    }
    return { status: res.status, payload };
  }

  async function checked<B extends Envelope>(
    method: Method,
    path: string,
    body: unknown,
    schema: ResponseSchema<B>,
  ): Promise<ApiResult<B>> {
    const { status, payload } = await exchange(method, path, body);
    if (status === 404) {
      const message = errorEnvelope(payload).message ?? 'Resource not found';
      return { found: false, status: 404, data: null, message, body: null };
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      console.error(`${method} ${path}: the answer does not match the contract`, parsed.error);
      throw new UnexpectedResponseError(status, parsed.error);
    }
    return { found: true, status, data: parsed.data.data, message: parsed.data.message, body: parsed.data };
  }

  // Every call names the contract's schema of its answer, and gets the answer checked against it.
  return {
    get: <B extends Envelope>(path: string, schema: ResponseSchema<B>) => checked('GET', path, undefined, schema),
    /** A body of `undefined` is sent as `{}`. */
    post: <B extends Envelope>(path: string, body: unknown, schema: ResponseSchema<B>) =>
      checked('POST', path, body ?? {}, schema),
    /** A body of `undefined` is sent as `{}`. */
    put: <B extends Envelope>(path: string, body: unknown, schema: ResponseSchema<B>) =>
      checked('PUT', path, body ?? {}, schema),
    /** A body of `undefined` is sent as `{}`. */
    patch: <B extends Envelope>(path: string, body: unknown, schema: ResponseSchema<B>) =>
      checked('PATCH', path, body ?? {}, schema),
    /** A DELETE that needs proof (the account's deletion: the password) sends `body`. */
    del: <B extends Envelope>(path: string, schema: ResponseSchema<B>, body?: unknown) =>
      checked('DELETE', path, body, schema),
    /** Runs `call` with the session's token under the client's refresh rules (see `withSession`). */
    withSession,
    /** A multipart POST (a bank file): the same token, refresh and checked answer as any call. */
    upload: <B extends Envelope>(path: string, form: FormData, schema: ResponseSchema<B>) =>
      checked('POST', path, form, schema),
    /**
     * A file the server builds (the data export): the same token and refresh as any call, the body
     * as a Blob, and the name the server gave it in Content-Disposition. Any failure, a 404
     * included, is an `ApiError` with the server's message.
     */
    download: async (path: string): Promise<{ blob: Blob; fileName: string | undefined }> => {
      const res = await confirmed('GET', path, undefined);
      if (!res.ok) {
        const error = errorEnvelope(await res.json().catch(() => undefined));
        throw new ApiError(res.status, error.message ?? 'Something went wrong', error.errors, error.data);
      }
      return { blob: await res.blob(), fileName: attachmentName(res.headers.get('content-disposition')) };
    },
  };
}

/**
 * The file name of `Content-Disposition: attachment; filename="…"` (or RFC 6266's `filename*=UTF-8''…`,
 * preferred when both are there), without any folder part: the browser's download is named by it.
 */
export function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i
    .exec(header)
    ?.slice(1)
    .find((v) => v !== undefined);
  const base = name?.replace(/\\(.)/g, '$1').split(/[\\/]/).pop()?.trim();
  return base ? base : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFieldError = (value: unknown): value is FieldError =>
  isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';

/**
 * The contract's error envelope, read without zod (the client must not import it): whatever part of
 * `{ message, errors, data }` has the right type; a proxy's HTML page has none.
 */
export function errorEnvelope(payload: unknown): { message: string | undefined; errors: FieldError[]; data: unknown } {
  if (!isRecord(payload)) return { message: undefined, errors: [], data: null };
  return {
    message: typeof payload.message === 'string' ? payload.message : undefined,
    errors: Array.isArray(payload.errors) ? payload.errors.filter(isFieldError) : [],
    data: payload.data ?? null,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
