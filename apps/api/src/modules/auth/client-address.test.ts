import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { createTestApp } from '../../../test/test-app.ts';
import type { TrustProxy } from '../../lib/trust-proxy.ts';

// The address a session records is the one rate limits count: a client must not choose it.
async function recordedAddress(trustProxy: TrustProxy, headers: Record<string, string>, remoteAddress: string) {
  const t = await createTestApp({ config: { trustProxy } });
  try {
    const { body } = await register(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: body.email, password: body.password },
      headers,
      remoteAddress,
    });
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/sessions',
      headers: bearer(login.json().data.access_token),
    });
    return sessions.json().data.find((s: { current: boolean }) => s.current).ip as string;
  } finally {
    await t.close();
  }
}

describe('the client address behind proxies', () => {
  it('believes only the hop the trusted proxy added, not what the client wrote before it', async () => {
    const forged = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' };
    expect(await recordedAddress(['10.0.0.5'], forged, '10.0.0.5')).toBe('203.0.113.9');
  });

  it('ignores the header from a peer that is not a trusted proxy', async () => {
    expect(await recordedAddress(['10.0.0.5'], { 'x-forwarded-for': '6.6.6.6' }, '198.51.100.2')).toBe('198.51.100.2');
    expect(await recordedAddress(false, { 'x-forwarded-for': '6.6.6.6' }, '198.51.100.2')).toBe('198.51.100.2');
  });
});
