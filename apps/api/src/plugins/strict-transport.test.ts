import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../test/test-app.ts';

// HSTS means "only ever come here over HTTPS": sent over plain HTTP it is wrong, and ignored.
const t = useTestApp();

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/v1/debts' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent when an untrusted client claims X-Forwarded-Proto: https', async () => {
    const res = await t().app.inject({
      method: 'GET',
      url: '/api/v1/debts',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent behind a trusted proxy that says https', async () => {
    const proxied = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/v1/debts',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });
});
