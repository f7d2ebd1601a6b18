import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client.ts';
import { SessionStore } from './session-store.ts';

const user = { id: 'u1', first_name: 'Ada', last_name: 'L', email: 'a@b.co', email_verified: true };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(options: { timestamp?: number; now?: number } = {}) {
  const store = new SessionStore(window.localStorage, () => options.now ?? 100_000);
  store.set({ access_token: 'old-access', expires_in: 900_000, user, timestamp: options.timestamp ?? 100_000 });
  const fetchMock = vi.fn<typeof fetch>();
  const onSessionEnded = vi.fn();
  const client = createApiClient({ store, onSessionEnded, now: () => options.now ?? 100_000, fetch: fetchMock });
  return { store, fetchMock, onSessionEnded, client };
}

describe('api client', () => {
  it('sends the bearer token and returns data.data', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json(200, { data: { ok: 1 } }));
    const result = await client.get('/v1/goals');
    expect(result).toEqual({ status: 200, data: { ok: 1 }, message: undefined });
    const call = fetchMock.mock.calls[0];
    expect(call?.[0]).toBe('/api/v1/goals');
    expect(call?.[1]?.headers).toMatchObject({ authorization: 'Bearer old-access' });
  });

  it('turns a 404 into a result with null data and the server message', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json(404, { message: 'No debts yet', data: null }));
    expect(await client.get('/v1/user-debts')).toEqual({ status: 404, data: null, message: 'No debts yet' });
    fetchMock.mockResolvedValueOnce(json(404, {}));
    expect((await client.get('/v1/x')).message).toBe('Resource not found');
  });

  it('throws other errors with the message and field errors', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json(400, { message: 'Bad', errors: [{ path: 'email', message: 'Invalid' }] }));
    const err = await client.post('/v1/auth/forgot-password', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: 'Bad', errors: [{ path: 'email', message: 'Invalid' }] });
  });

  it.each([401, 403])('ends the session on a %s reply', async (status) => {
    const { client, fetchMock, onSessionEnded } = setup();
    fetchMock.mockResolvedValueOnce(json(status, { message: 'no' }));
    await expect(client.get('/v1/auth/register')).rejects.toBeInstanceOf(ApiError);
    expect(onSessionEnded).toHaveBeenCalledWith('unauthorized');
  });

  it('refreshes first when more than expires_in/1000 seconds passed, once for concurrent calls', async () => {
    const { client, fetchMock, store } = setup({ timestamp: 0, now: 900_001 });
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/auth/token')
        ? json(200, { data: { access_token: 'new-access', refresh_token: 'r2', expires_in: 900_000, user } })
        : json(200, { data: 'ok' }),
    );
    await Promise.all([client.get('/v1/a'), client.get('/v1/b'), client.get('/v1/c')]);
    const urls = fetchMock.mock.calls.map((c) => String(c[0]));
    expect(urls.filter((u) => u.endsWith('/auth/token'))).toHaveLength(1);
    expect(urls[0]).toBe('/api/v1/auth/token');
    const later = fetchMock.mock.calls.slice(1).map((c) => c[1]?.headers);
    expect(later).toEqual(Array(3).fill(expect.objectContaining({ authorization: 'Bearer new-access' })));
    expect(store.get()).toMatchObject({ access_token: 'new-access', timestamp: 900_001 });
  });

  it('does not refresh before the token is due', async () => {
    const { client, fetchMock } = setup({ timestamp: 0, now: 900_000 });
    fetchMock.mockResolvedValueOnce(json(200, { data: 1 }));
    await client.get('/v1/a');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('signs out when the refresh is refused', async () => {
    const { client, fetchMock, onSessionEnded } = setup({ timestamp: 0, now: 2_000_000 });
    fetchMock.mockResolvedValueOnce(json(403, { message: 'reused' }));
    await expect(client.get('/v1/a')).rejects.toBeInstanceOf(ApiError);
    expect(onSessionEnded).toHaveBeenCalledWith('refresh-refused');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
