import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../test/test-app.ts';

// DNS rebinding: only our own host names are answered (APP_URL's; loopback on our port outside production).
const t = useTestApp();
const get = (url: string, host: string) => t().app.inject({ method: 'GET', url, headers: { host } });

describe('the Host header', () => {
  it.each(['/api/dev/outbox', '/api/v1/debts', '/login'])(
    'answers %s for evil.example with a 421 in the error envelope',
    async (url) => {
      const res = await get(url, 'evil.example');
      expect(res.statusCode).toBe(421);
      expect(res.json()).toEqual({ message: expect.stringMatching(/does not answer for that host name/) });
    },
  );

  it.each([
    ['APP_URL', 'helo.test'],
    ['APP_URL, any case', 'HELO.test:80'],
    ['localhost on its port', 'localhost:80'],
    ['127.0.0.1 on its port', '127.0.0.1:80'],
    ['[::1] on its port', '[::1]:80'],
  ])('answers %s', async (_label, host) => {
    expect((await get('/api/dev/outbox', host)).statusCode).toBe(200);
  });

  it.each([
    ['localhost on another port', 'localhost:8080'],
    ['a name ending in ours', 'eviL.helo.test'],
    ['APP_URL on another port', 'helo.test:8443'],
  ])('refuses %s', async (_label, host) => {
    expect((await get('/api/dev/outbox', host)).statusCode).toBe(421);
  });

  it('answers health checks for any host: a load balancer probes by address', async () => {
    expect((await get('/api/health/live', '10.0.3.7:3000')).statusCode).toBe(200);
  });

  it('in production answers APP_URL only, not loopback names', async () => {
    const prod = await createTestApp({ config: { env: 'production', appUrl: 'https://helo.example' } });
    try {
      const at = (host: string) => prod.app.inject({ method: 'GET', url: '/api/v1/debts', headers: { host } });
      expect((await at('helo.example')).statusCode).toBe(200);
      expect((await at('helo.example:443')).statusCode).toBe(200);
      expect((await at('localhost:80')).statusCode).toBe(421);
      expect((await at('evil.example')).statusCode).toBe(421);
      expect((await at('helo.example:80')).statusCode).toBe(421);
    } finally {
      await prod.close();
    }
  });

  it('over a real socket: loopback on the port it listens on', async () => {
    const served = await createTestApp();
    try {
      await served.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = served.app.server.address() as AddressInfo;
      expect((await fetch(`http://127.0.0.1:${port}/api/dev/outbox`)).status).toBe(200);
      // fetch always sends the URL's own host: a rebound page's request is made by hand.
      const rebound = await new Promise<number | undefined>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/api/dev/outbox', headers: { host: 'evil.example' } });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode);
        });
        req.on('error', reject);
        req.end();
      });
      expect(rebound).toBe(421);
    } finally {
      await served.close();
    }
  });
});
