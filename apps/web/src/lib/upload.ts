import {
  type ApiClient,
  ApiError,
  type Envelope,
  errorEnvelope,
  type ResponseSchema,
  UnexpectedResponseError,
} from './api-client.ts';
import type { Session } from './session-store.ts';

export interface UploadOptions {
  /** The share of the request body sent so far, 0 to 1 (a retry after a refreshed token starts over). */
  onProgress?: (sent: number) => void;
  /** Cancels the upload: the promise rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** The request object; tests hand in a fake one. */
  createRequest?: () => XMLHttpRequest;
}

const RETRY_LATER = 'We could not reach Helo just now. Please try again in a moment.';

/**
 * One multipart POST with upload progress (the Vault's files). fetch reports no upload progress, so
 * this goes through XMLHttpRequest, under the API client's own token rules (`withSession`: refresh
 * when due, once more after a 401) and its answer checks: an error answer is an `ApiError` with the
 * server's message and field errors, a 404 included; an answer off the contract an
 * `UnexpectedResponseError`.
 */
export async function uploadWithProgress<B extends Envelope>(
  client: Pick<ApiClient, 'withSession'>,
  path: string,
  form: FormData,
  schema: ResponseSchema<B>,
  options: UploadOptions = {},
): Promise<B> {
  const { status, payload } = await client.withSession((session) => send(path, form, session, options));
  if (status < 200 || status >= 300) {
    const error = errorEnvelope(payload);
    throw new ApiError(status, error.message ?? 'Something went wrong', error.errors, error.data);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`POST ${path}: the answer does not match the contract`, parsed.error);
    throw new UnexpectedResponseError(status, parsed.error);
  }
  return parsed.data;
}

function send(
  path: string,
  form: FormData,
  session: Session | null,
  { onProgress, signal, createRequest = () => new XMLHttpRequest() }: UploadOptions,
): Promise<{ status: number; payload: unknown }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = createRequest();
    xhr.open('POST', `/api${path}`);
    xhr.withCredentials = true;
    // The browser writes the multipart Content-Type, boundary included.
    if (session?.access_token) xhr.setRequestHeader('authorization', `Bearer ${session.access_token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined; // a proxy's HTML page: the status alone says what happened
      }
      resolve({ status: xhr.status, payload });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, RETRY_LATER));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    onProgress?.(0);
    xhr.send(form);
  });
}
