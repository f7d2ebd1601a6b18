import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { createTestApp, useTestApp } from '../../../test/test-app.ts';

// The outbox holds password-reset links: whoever can read it can take over any account.
const t = useTestApp();
const outbox = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t().app.inject({ method: 'GET', url: '/api/dev/outbox?limit=5', ...options });

describe('GET /api/dev/outbox', () => {
  it('shows the mail to a client on this machine', async () => {
    const { body } = await register(t());
    const res = await outbox();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { to: string }) => m.to)).toContain(body.email);
  });

  it('refuses a NUL in the address filter with a 400 instead of failing in PostgreSQL', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/dev/outbox?to=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'to', message: 'to contains a character that is not allowed' }]);
  });

  it('answers a client on another machine exactly as an unknown route does', async () => {
    const res = await outbox({ remoteAddress: '203.0.113.7' });
    const unknown = await t().app.inject({ method: 'GET', url: '/api/dev/nothing-here', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No route for GET /api/dev/outbox', data: null });
    expect(unknown.json()).toEqual({ message: 'No route for GET /api/dev/nothing-here', data: null });
  });

  it.each([
    ['x-forwarded-for', '127.0.0.1'],
    ['forwarded', 'for=127.0.0.1'],
    ['x-real-ip', '127.0.0.1'],
    ['via', '1.1 proxy'],
  ])('refuses a loopback peer that says it forwards someone (%s)', async (name, value) => {
    const res = await outbox({ headers: { [name]: value } });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a forged forwarded address even when proxies are trusted', async () => {
    const trusting = await createTestApp({ config: { trustProxy: ['198.51.100.0/24'] } });
    try {
      const res = await trusting.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress: '198.51.100.4',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await trusting.close();
    }
  });

  it('answers over a real loopback socket', async () => {
    const served = await createTestApp();
    try {
      await served.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = served.app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/dev/outbox`);
      expect(res.status).toBe(200);
    } finally {
      await served.close();
    }
  });

  it('is absent from the public API document', async () => {
    const doc = (await t().app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/api/dev/outbox');
    expect(Object.keys(doc.paths)).toContain('/api/v1/auth/login');
  });

  it('does not exist in production', async () => {
    // APP_URL is inject's own host (`localhost:80`), so the 404 is the route's absence, not the host check's 421.
    const production = await createTestApp({ config: { env: 'production', appUrl: 'http://localhost' } });
    try {
      const res = await production.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
