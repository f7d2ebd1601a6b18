import { sessionResponse } from '@helo/contract/auth';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type ApiClientOptions, ApiError, createApiClient, UnexpectedResponseError } from './api-client.ts';
import { SessionStore } from './session-store.ts';
import { uploadWithProgress } from './upload.ts';

const user = { id: 'u1', first_name: 'Ada', last_name: 'L', email: 'a@b.co', email_verified: true };
const answerSchema = z.object({ data: z.object({ id: z.string() }), message: z.string().optional() });

/**
 * A stand-in for XMLHttpRequest: records what was sent and answers as the test says, after
 * reporting the upload's progress in steps.
 */
class FakeRequest {
  static answers: { status: number; body: string; steps?: [number, number][]; never?: boolean }[] = [];
  static sent: FakeRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    FakeRequest.sent.push(this);
    const answer = FakeRequest.answers.shift();
    queueMicrotask(() => {
      if (this.aborted || answer?.never) return;
      if (!answer) {
        this.onerror?.();
        return;
      }
      for (const [loaded, total] of answer.steps ?? [])
        this.upload.onprogress?.({ lengthComputable: true, loaded, total });
      this.status = answer.status;
      this.responseText = answer.body;
      this.onload?.();
    });
  }
}

function setup(options: { expiredToken?: boolean } = {}) {
  localStorage.clear();
  FakeRequest.answers = [];
  FakeRequest.sent = [];
  const store = new SessionStore(window.localStorage, () => 100_000);
  // An expired token has its time stamp further back than its lifetime.
  store.set({ access_token: 'old-access', expires_in: 900_000, user, timestamp: options.expiredToken ? 0 : 100_000 });
  const fetchMock = vi.fn<typeof fetch>();
  const onSessionEnded = vi.fn();
  const client = createApiClient({
    store,
    onSessionEnded,
    now: () => (options.expiredToken ? 1_000_000 : 100_000),
    fetch: fetchMock,
    withRefreshLock: ((refresh: () => Promise<unknown>) => refresh()) as ApiClientOptions['withRefreshLock'],
    loadSessionSchema: async () => sessionResponse,
  });
  const refreshed = (access: string) =>
    Response.json({ data: { access_token: access, refresh_token: 'r2', expires_in: 900_000, user } });
  const createRequest = () => new FakeRequest() as unknown as XMLHttpRequest;
  return { client, fetchMock, onSessionEnded, refreshed, createRequest };
}

const form = () => {
  const f = new FormData();
  f.append('file', new Blob(['%PDF-1.4']), 'a.pdf');
  return f;
};

describe('uploadWithProgress', () => {
  it('posts the form with the bearer token, reports progress step by step and returns the checked answer', async () => {
    const { client, createRequest } = setup();
    FakeRequest.answers.push({
      status: 201,
      body: JSON.stringify({ data: { id: 'f1' }, message: 'Added' }),
      steps: [
        [25, 100],
        [60, 100],
        [100, 100],
      ],
    });
    const progress: number[] = [];
    const f = form();
    const body = await uploadWithProgress(client, '/v1/vault/files', f, answerSchema, {
      onProgress: (sent) => progress.push(sent),
      createRequest,
    });
    expect(body).toEqual({ data: { id: 'f1' }, message: 'Added' });
    expect(progress).toEqual([0, 0.25, 0.6, 1]);
    const [request] = FakeRequest.sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v1/vault/files');
    expect(request?.headers).toEqual({ authorization: 'Bearer old-access' });
    expect(request?.body).toBe(f);
  });

  it("turns an error answer into an ApiError with the server's message and field errors", async () => {
    const { client, createRequest } = setup();
    const refusal = {
      message: 'This file is not a PDF: the Vault reads the type from the file itself.',
      errors: [{ path: 'file', message: 'Not a type the Vault takes' }],
    };
    FakeRequest.answers.push({ status: 400, body: JSON.stringify(refusal) });
    const error = await uploadWithProgress(client, '/v1/vault/files', form(), answerSchema, { createRequest }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: refusal.message, errors: refusal.errors });
  });

  it('reads a 413 from a proxy (no JSON) as a failure with a general message', async () => {
    const { client, createRequest } = setup();
    FakeRequest.answers.push({ status: 413, body: '<html>Request Entity Too Large</html>' });
    await expect(
      uploadWithProgress(client, '/v1/vault/files', form(), answerSchema, { createRequest }),
    ).rejects.toMatchObject({ status: 413, message: 'Something went wrong' });
  });

  it('says the connection failed when the request never got an answer', async () => {
    const { client, createRequest } = setup();
    await expect(
      uploadWithProgress(client, '/v1/vault/files', form(), answerSchema, { createRequest }),
    ).rejects.toMatchObject({ status: 0, message: expect.stringContaining('could not reach Helo') });
  });

  it('rejects an answer off the contract', async () => {
    const { client, createRequest } = setup();
    FakeRequest.answers.push({ status: 201, body: JSON.stringify({ data: { name: 'no id' } }) });
    await expect(
      uploadWithProgress(client, '/v1/vault/files', form(), answerSchema, { createRequest }),
    ).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('refreshes a token that is due before sending, as every call does', async () => {
    const { client, fetchMock, refreshed, createRequest } = setup({ expiredToken: true });
    fetchMock.mockResolvedValueOnce(refreshed('new-access'));
    FakeRequest.answers.push({ status: 201, body: JSON.stringify({ data: { id: 'f1' } }) });
    await uploadWithProgress(client, '/v1/vault/files', form(), answerSchema, { createRequest });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/auth/token');
    expect(FakeRequest.sent.map((r) => r.headers.authorization)).toEqual(['Bearer new-access']);
  });

  it('after a 401, refreshes the token once and sends the file again with the new one', async () => {
    const { client, fetchMock, refreshed, onSessionEnded, createRequest } = setup();
    fetchMock.mockResolvedValueOnce(refreshed('new-access'));
    FakeRequest.answers.push({ status: 401, body: JSON.stringify({ message: 'Token expired' }) });
    FakeRequest.answers.push({ status: 201, body: JSON.stringify({ data: { id: 'f2' } }) });
    const body = await uploadWithProgress(client, '/v1/vault/files', form(), answerSchema, { createRequest });
    expect(body.data.id).toBe('f2');
    expect(FakeRequest.sent.map((r) => r.headers.authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('ends the session when the new token is refused too', async () => {
    const { client, fetchMock, refreshed, onSessionEnded, createRequest } = setup();
    fetchMock.mockResolvedValueOnce(refreshed('new-access'));
    FakeRequest.answers.push({ status: 401, body: '{}' });
    FakeRequest.answers.push({ status: 401, body: JSON.stringify({ message: 'Unauthorized' }) });
    await expect(
      uploadWithProgress(client, '/v1/vault/files', form(), answerSchema, { createRequest }),
    ).rejects.toMatchObject({ status: 401 });
    expect(onSessionEnded).toHaveBeenCalledWith('unauthorized');
  });

  it('stops the upload when cancelled', async () => {
    const { client, createRequest } = setup();
    // A slow upload: no answer comes until it is cancelled.
    FakeRequest.answers.push({ status: 201, body: '{}', never: true });
    const controller = new AbortController();
    const upload = uploadWithProgress(client, '/v1/vault/files', form(), answerSchema, {
      createRequest,
      signal: controller.signal,
    });
    // The request goes out after the client's token check: cancel once it is on its way.
    await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeRequest.sent[0]?.aborted).toBe(true);
  });
});
