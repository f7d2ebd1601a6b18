import { sessionResponse } from '@helo/contract/auth';
import { messageOnly } from '@helo/contract/envelope';
import { describe, expect, it, vi } from 'vitest';
import { type ApiClientOptions, createApiClient, NOT_CONFIRMED, NOT_SIGNED_IN } from './api-client.ts';
import { SessionStore } from './session-store.ts';

const user = { id: 'u1', first_name: 'Ada', last_name: 'L', email: 'a@b.co', email_verified: true };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const reauthRequired = () => json(403, { message: 'Confirm it is you', reauth_required: true });
const saved = () => json(200, { message: 'Saved', data: null });

function setup(interrupt: ApiClientOptions['interrupt']) {
  localStorage.clear();
  const store = new SessionStore(window.localStorage, () => 100_000);
  store.set({ access_token: 'old-access', expires_in: 900_000, user, timestamp: 100_000 });
  const fetchMock = vi.fn<typeof fetch>();
  const onSessionEnded = vi.fn();
  const client = createApiClient({
    store,
    onSessionEnded,
    now: () => 100_000,
    fetch: fetchMock,
    withRefreshLock: ((refresh: () => Promise<unknown>) => refresh()) as ApiClientOptions['withRefreshLock'],
    loadSessionSchema: async () => sessionResponse,
    ...(interrupt ? { interrupt } : {}),
  });
  return { store, fetchMock, onSessionEnded, client };
}

describe('the auth interrupt', () => {
  it('a 403 reauth_required asks, then sends the same call again', async () => {
    const interrupt = vi.fn(async () => true);
    const { client, fetchMock } = setup(interrupt);
    fetchMock.mockResolvedValueOnce(reauthRequired()).mockResolvedValueOnce(saved());
    const result = await client.post('/v1/auth/change-password', { current_password: 'x' }, messageOnly);
    expect(result.message).toBe('Saved');
    expect(interrupt).toHaveBeenCalledWith('reauth');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(JSON.stringify({ current_password: 'x' }));
  });

  it('a cancelled confirmation fails the call with a clear message and sends nothing more', async () => {
    const { client, fetchMock } = setup(async () => false);
    fetchMock.mockResolvedValueOnce(reauthRequired());
    await expect(client.post('/v1/auth/2fa/setup', {}, messageOnly)).rejects.toMatchObject({
      status: 403,
      message: NOT_CONFIRMED,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a plain 403 is an error as before, without asking', async () => {
    const interrupt = vi.fn(async () => true);
    const { client, fetchMock } = setup(interrupt);
    fetchMock.mockResolvedValueOnce(json(403, { message: 'Verify your email first' }));
    await expect(client.post('/v1/x', {}, messageOnly)).rejects.toMatchObject({ message: 'Verify your email first' });
    expect(interrupt).not.toHaveBeenCalled();
  });

  it('a refresh refused during a write asks to sign in again, then sends the write with the new session', async () => {
    const { client, fetchMock, store, onSessionEnded } = setup(async () => {
      store.set({ access_token: 'new-access', expires_in: 900_000, user, timestamp: 100_000 });
      return true;
    });
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired' }))
      .mockResolvedValueOnce(json(403, { message: 'Your session is no longer valid' }))
      .mockResolvedValueOnce(saved());
    const result = await client.put('/v1/auth/profile', { first_name: 'Sam' }, messageOnly);
    expect(result.message).toBe('Saved');
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls[2]?.[1]?.headers).toMatchObject({ authorization: 'Bearer new-access' });
  });

  it('a cancelled sign-in fails the write and keeps the page; a refused read signs out as before', async () => {
    const interrupt = vi.fn(async () => false);
    const { client, fetchMock, onSessionEnded } = setup(interrupt);
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired' }))
      .mockResolvedValueOnce(json(403, { message: 'refused' }));
    await expect(client.put('/v1/auth/profile', {}, messageOnly)).rejects.toMatchObject({ message: NOT_SIGNED_IN });
    expect(onSessionEnded).not.toHaveBeenCalled();

    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired' }))
      .mockResolvedValueOnce(json(403, { message: 'refused' }));
    await expect(client.get('/v1/goals', messageOnly)).rejects.toMatchObject({ status: 403 });
    expect(onSessionEnded).toHaveBeenCalledWith('refresh-refused');
    expect(interrupt).toHaveBeenCalledTimes(1);
  });
});
