import { sessionResponse } from '@helo/contract/auth';
import { goalsResponse } from '@helo/contract/catalogues';
import { messageOnly } from '@helo/contract/envelope';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  type ApiClientOptions,
  ApiError,
  createApiClient,
  expectFound,
  UnexpectedResponseError,
} from './api-client.ts';
import { SessionStore } from './session-store.ts';

const user = { id: 'u1', first_name: 'Ada', last_name: 'L', email: 'a@b.co', email_verified: true };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(options: { timestamp?: number; now?: number } = {}) {
  localStorage.clear();
  const store = new SessionStore(window.localStorage, () => options.now ?? 100_000);
  store.set({ access_token: 'old-access', expires_in: 900_000, user, timestamp: options.timestamp ?? 100_000 });
  const fetchMock = vi.fn<typeof fetch>();
  const onSessionEnded = vi.fn();
  const locked = vi.fn((refresh: () => Promise<unknown>) => refresh());
  const client = createApiClient({
    store,
    onSessionEnded,
    now: () => options.now ?? 100_000,
    fetch: fetchMock,
    withRefreshLock: locked as ApiClientOptions['withRefreshLock'],
    loadSessionSchema: async () => sessionResponse,
  });
  return { store, fetchMock, onSessionEnded, client, locked };
}

const refreshed = (access: string) =>
  json(200, { data: { access_token: access, refresh_token: 'r2', expires_in: 900_000, user } });
const isRefresh = (url: unknown) => String(url).endsWith('/auth/token');
// A small envelope for the calls whose answer is not the point of the test.
const text = z.object({ data: z.string() });
const goal = { id: 1, slug: 'debt', goal_name: 'Pay off debt', description: 'Loans first' };

describe('api client', () => {
  it('sends the bearer token and returns the answer checked against the schema', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json(200, { data: [goal], message: 'Here' }));
    const result = await client.get('/v1/goals', goalsResponse);
    expect(result).toEqual({
      found: true,
      status: 200,
      data: [goal],
      message: 'Here',
      body: { data: [goal], message: 'Here' },
    });
    const call = fetchMock.mock.calls[0];
    expect(call?.[0]).toBe('/api/v1/goals');
    expect(call?.[1]?.headers).toMatchObject({ authorization: 'Bearer old-access' });
  });

  it.each([
    ['a field of the wrong type', { data: [{ ...goal, id: '1' }] }],
    ['a missing field', { data: [{ id: 1, slug: 'debt' }] }],
    ['no envelope', [goal]],
    ['a page instead of JSON', '<html>Bad gateway</html>'],
  ])('fails the call, with a message a page can show, when a 200 carries %s', async (_label, body) => {
    const { client, fetchMock } = setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(typeof body === 'string' ? new Response(body, { status: 200 }) : json(200, body));
    const error = await client.get('/v1/goals', goalsResponse).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toBeInstanceOf(ApiError); // so forms and queries treat it like any failed call
    expect(error).toMatchObject({ status: 200, message: expect.stringMatching(/reload the page/) });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('GET /v1/goals'), expect.anything());
    logged.mockRestore();
  });

  it('gives the schema its say: defaults and stripped extras come back parsed', async () => {
    const { client, fetchMock } = setup();
    const schema = z.object({ data: z.object({ n: z.number().default(7) }) });
    fetchMock.mockResolvedValueOnce(json(200, { data: { extra: true } }));
    expect((await client.get('/v1/x', schema)).data).toEqual({ n: 7 });
  });

  it('turns a 404 into a result with null data and the server message', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json(404, { message: 'No debts yet', data: null }));
    expect(await client.get('/v1/user-debts', text)).toEqual({
      found: false,
      status: 404,
      data: null,
      message: 'No debts yet',
      body: null,
    });
    fetchMock.mockResolvedValueOnce(json(404, {}));
    expect((await client.get('/v1/x', text)).message).toBe('Resource not found');
  });

  it('expectFound passes a found answer through and makes a 404 an error with its message', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json(200, { data: 'here' }));
    expect(expectFound(await client.get('/v1/a', text)).data).toBe('here');
    fetchMock.mockResolvedValueOnce(json(404, { message: 'Gone' }));
    const result = await client.get('/v1/a', text);
    expect(() => expectFound(result)).toThrow(expect.objectContaining({ status: 404, message: 'Gone' }));
  });

  it('throws other errors with the message and field errors', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json(400, { message: 'Bad', errors: [{ path: 'email', message: 'Invalid' }] }));
    const err = await client.post('/v1/auth/forgot-password', {}, messageOnly).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: 'Bad', errors: [{ path: 'email', message: 'Invalid' }] });
  });

  it('reads an error answer without trusting it: a proxy page or odd field errors still give a clean ApiError', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(new Response('<html>502</html>', { status: 502 }));
    await expect(client.get('/v1/a', text)).rejects.toMatchObject({
      status: 502,
      message: 'Something went wrong',
      errors: [],
    });
    fetchMock.mockResolvedValueOnce(
      json(400, { message: 7, errors: [{ path: 'email' }, 'x', { path: 'a', message: 'A' }] }),
    );
    await expect(client.get('/v1/a', text)).rejects.toMatchObject({
      message: 'Something went wrong',
      errors: [{ path: 'a', message: 'A' }],
    });
  });

  it('answers a 401 with one refresh and a retry, and keeps the session when that works', async () => {
    const { client, fetchMock, onSessionEnded, store } = setup();
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired' }))
      .mockResolvedValueOnce(refreshed('new-access'))
      .mockResolvedValueOnce(json(200, { data: 'ok' }));
    expect((await client.get('/v1/a', text)).data).toBe('ok');
    expect(fetchMock.mock.calls[2]?.[1]?.headers).toMatchObject({ authorization: 'Bearer new-access' });
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(store.get()?.access_token).toBe('new-access');
  });

  it('uploads a form as multipart (no Content-Type of its own) with the token, and again after a refresh', async () => {
    const { client, fetchMock } = setup();
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired' }))
      .mockResolvedValueOnce(refreshed('new-access'))
      .mockResolvedValueOnce(json(201, { data: 'ok' }));
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'bank.csv');
    expect((await client.upload('/v1/files', form, text)).data).toBe('ok');
    const [first, , retry] = fetchMock.mock.calls;
    for (const call of [first, retry]) {
      expect(call?.[0]).toBe('/api/v1/files');
      expect(call?.[1]?.method).toBe('POST');
      expect(call?.[1]?.body).toBe(form);
      expect(Object.keys(call?.[1]?.headers ?? {})).toEqual(['authorization']);
    }
    expect(retry?.[1]?.headers).toMatchObject({ authorization: 'Bearer new-access' });
  });

  it('ends the session when the server still refuses the token after a refresh', async () => {
    const { client, fetchMock, onSessionEnded } = setup();
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'no' }))
      .mockResolvedValueOnce(refreshed('new-access'))
      .mockResolvedValueOnce(json(401, { message: 'no' }));
    await expect(client.get('/v1/a', text)).rejects.toMatchObject({ status: 401 });
    expect(onSessionEnded).toHaveBeenCalledWith('unauthorized');
  });

  it('treats a 403 from an ordinary route as an error, not as the end of the session', async () => {
    const { client, fetchMock, onSessionEnded } = setup();
    fetchMock.mockResolvedValueOnce(json(403, { message: 'Not yours' }));
    await expect(client.get('/v1/a', text)).rejects.toMatchObject({ status: 403, message: 'Not yours' });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('refreshes first when more than expires_in/1000 seconds passed, once for concurrent calls', async () => {
    const { client, fetchMock, store } = setup({ timestamp: 0, now: 900_001 });
    fetchMock.mockImplementation(async (url) => (isRefresh(url) ? refreshed('new-access') : json(200, { data: 'ok' })));
    await Promise.all([client.get('/v1/a', text), client.get('/v1/b', text), client.get('/v1/c', text)]);
    const urls = fetchMock.mock.calls.map((c) => String(c[0]));
    expect(urls.filter((u) => u.endsWith('/auth/token'))).toHaveLength(1);
    expect(urls[0]).toBe('/api/v1/auth/token');
    const later = fetchMock.mock.calls.slice(1).map((c) => c[1]?.headers);
    expect(later).toEqual(Array(3).fill(expect.objectContaining({ authorization: 'Bearer new-access' })));
    expect(store.get()).toMatchObject({ access_token: 'new-access', timestamp: 900_001 });
    // The refresh goes by the cookie alone, and other tabs see the new token at once.
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{}');
    expect(JSON.stringify(store.get())).not.toContain('r2');
    expect(JSON.parse(localStorage.getItem('helo.session') ?? '{}').access_token).toBe('new-access');
  });

  it('refreshes under the cross-tab lock, and uses the token another tab refreshed meanwhile', async () => {
    const { client, fetchMock, store, locked } = setup({ timestamp: 0, now: 900_001 });
    // While this tab waits for the lock, another tab refreshes and stores its new session.
    locked.mockImplementationOnce(async (refresh) => {
      const otherTab = new SessionStore(localStorage, () => 900_000);
      otherTab.set({ access_token: 'other-tab-access', expires_in: 900_000, user, timestamp: 900_000 });
      otherTab.flush();
      return refresh();
    });
    fetchMock.mockResolvedValue(json(200, { data: 'ok' }));
    await client.get('/v1/a', text);
    expect(locked).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/api/v1/a']);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ authorization: 'Bearer other-tab-access' });
    expect(store.get()?.access_token).toBe('other-tab-access');
  });

  it('does not refresh before the token is due', async () => {
    const { client, fetchMock } = setup({ timestamp: 0, now: 900_000 });
    fetchMock.mockResolvedValueOnce(json(200, { data: 'ok' }));
    await client.get('/v1/a', text);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([401, 403])('signs out when the refresh is refused with %s', async (status) => {
    const { client, fetchMock, onSessionEnded } = setup({ timestamp: 0, now: 2_000_000 });
    fetchMock.mockResolvedValueOnce(json(status, { message: 'reused' }));
    await expect(client.get('/v1/a', text)).rejects.toBeInstanceOf(ApiError);
    expect(onSessionEnded).toHaveBeenCalledWith('refresh-refused');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a server error', () => json(503, { message: 'restarting' })],
    ['no network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('keeps the session through %s during a refresh, and tries again on the next call', async (_label, failure) => {
    const { client, fetchMock, onSessionEnded, store } = setup({ timestamp: 0, now: 2_000_000 });
    fetchMock.mockImplementationOnce(failure as () => Promise<Response>);
    await expect(client.get('/v1/a', text)).rejects.toMatchObject({ message: /try again in a moment/ });
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(store.get()?.access_token).toBe('old-access');

    fetchMock.mockResolvedValueOnce(refreshed('new-access')).mockResolvedValueOnce(json(200, { data: 'ok' }));
    expect((await client.get('/v1/a', text)).data).toBe('ok');
    expect(store.get()?.access_token).toBe('new-access');
  });

  it('checks the refresh answer too: a malformed one fails the call and leaves the session alone', async () => {
    const { client, fetchMock, onSessionEnded, store } = setup({ timestamp: 0, now: 2_000_000 });
    fetchMock.mockResolvedValueOnce(json(200, { data: { access_token: 'new-access' } }));
    await expect(client.get('/v1/a', text)).rejects.toBeInstanceOf(UnexpectedResponseError);
    expect(store.get()?.access_token).toBe('old-access');
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
