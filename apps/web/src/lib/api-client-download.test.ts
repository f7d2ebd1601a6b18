import { sessionResponse } from '@helo/contract/auth';
import { messageOnly } from '@helo/contract/envelope';
import { describe, expect, it, vi } from 'vitest';
import { type ApiClientOptions, ApiError, attachmentName, createApiClient } from './api-client.ts';
import { SessionStore } from './session-store.ts';

const user = { id: 'u1', first_name: 'Ada', last_name: 'L', email: 'a@b.co', email_verified: true };

function setup() {
  localStorage.clear();
  const store = new SessionStore(window.localStorage, () => 100_000);
  store.set({ access_token: 'old-access', expires_in: 900_000, user, timestamp: 100_000 });
  const fetchMock = vi.fn<typeof fetch>();
  const client = createApiClient({
    store,
    onSessionEnded: vi.fn(),
    now: () => 100_000,
    fetch: fetchMock,
    withRefreshLock: ((refresh: () => Promise<unknown>) => refresh()) as ApiClientOptions['withRefreshLock'],
    loadSessionSchema: async () => sessionResponse,
  });
  return { fetchMock, client };
}

describe('download', () => {
  it('sends the bearer token and hands back the file and its name', async () => {
    const { fetchMock, client } = setup();
    fetchMock.mockResolvedValueOnce(
      new Response(new Uint8Array([80, 75, 3, 4]), {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="helo-export-2026-11-23.zip"' },
      }),
    );
    const { blob, fileName } = await client.download('/v1/account/export');
    expect(fileName).toBe('helo-export-2026-11-23.zip');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/account/export',
      expect.objectContaining({ method: 'GET', headers: { authorization: 'Bearer old-access' } }),
    );
  });

  it('a refused download is an error with the server message', async () => {
    const { fetchMock, client } = setup();
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Too many exports' }), { status: 429 }));
    await expect(client.download('/v1/account/export')).rejects.toEqual(new ApiError(429, 'Too many exports'));
  });
});

describe('a DELETE with a body', () => {
  it('sends the body as JSON', async () => {
    const { fetchMock, client } = setup();
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Gone', data: null }), { status: 200 }));
    await client.del('/v1/account', messageOnly, { password: 'p' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('DELETE');
    expect(init?.body).toBe('{"password":"p"}');
  });
});

describe('attachmentName', () => {
  it.each([
    ['attachment; filename="helo-export-2026-11-23.zip"', 'helo-export-2026-11-23.zip'],
    ['attachment; filename=plain.zip', 'plain.zip'],
    [`attachment; filename="fallback.zip"; filename*=UTF-8''r%C3%A9sum%C3%A9.zip`, 'résumé.zip'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', undefined],
    [null, undefined],
  ])('%s → %s', (header, name) => {
    expect(attachmentName(header)).toBe(name);
  });
});
