import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { notifications } from '@helo/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, elevate, GOOD_PASSWORD, register } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    config: { logLevel: 'info' },
    logStream,
    beforeReady: (app) => {
      app.get('/api/test/explode', async () => {
        throw new Error('relation "users" violates constraint at SELECT password_hash FROM users');
      });
      // A write whose user was deleted after the route checked it: the insert's foreign key fails.
      app.post('/api/test/orphan-write', async () => {
        await t.database.db
          .insert(notifications)
          .values({ userId: randomUUID(), kind: 'welcome', title: 'Hi', message: 'Hello' });
        return { ok: true };
      });
    },
  });
});
afterAll(() => t.close());

describe('errors', () => {
  it('a failure inside a route gives a plain 500 without stack or SQL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toMatch(/SELECT|stack|at /);
  });

  it('a write that loses a race with a deletion is a 409 asking to reload, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/orphan-write' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/removed a moment ago\. Reload the page/);
    expect(res.body).not.toMatch(/foreign key|INSERT|notifications/);
  });

  it('an unknown API route is a JSON 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No route for GET /api/v1/nothing-here', data: null });
  });

  // The router answers these itself, before any hook: they used to come back as Fastify's own body.
  it('an address the router cannot decode is a 400 in the envelope, not cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/debts/images/%ED%A0%80' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The address is not valid: a % must start an escape such as %20' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a path segment over the router limit is a 414 in the envelope', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/notifications/${'x'.repeat(200)}/read` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'The address is too long' });
  });
});

describe('health', () => {
  it('live and ready answer 200 on a migrated database', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI 3 document listing every auth route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      'register',
      'login',
      'logout',
      'token',
      'verify-email',
      'resend-verification-email',
      'forgot-password',
      'reset-password',
      'change-password',
      'profile',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/api/v1/auth/${path}`);
    }
    expect(doc.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
  });

  it('serves the docs UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('security headers and logs', () => {
  it('sends the helmet headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });

  it('never writes passwords or tokens to the log', async () => {
    const { body, session } = await register(t);
    await elevate(t, session);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: body.email, password: GOOD_PASSWORD },
    });
    await t.app.inject({ method: 'GET', url: '/api/v1/auth/register', headers: bearer(session.access_token) });
    t.app.log.info(
      { body: { password: GOOD_PASSWORD, refresh_token: session.refresh_token } },
      'payload logged by mistake',
    );
    const log = logLines.join('');
    expect(log).toMatch(/payload logged by mistake/);
    expect(log).toMatch(/\[redacted\]/);
    expect(log).not.toContain(GOOD_PASSWORD);
    expect(log).not.toContain(session.refresh_token);
    expect(log).not.toContain(session.access_token);
  });
});

describe('catalogues', () => {
  it('lists the five onboarding goals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/goals' });
    expect(res.json().data.map((g: { goal_name: string }) => g.goal_name)).toEqual([
      'Pay off debt',
      'Build an emergency fund',
      'Save for lifestyle goals',
      'Invest for retirement',
      'Build a budget',
    ]);
  });

  it('lists the seven debt types of the spec, each with artwork the app serves', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/debts' });
    const debts = res.json().data as { id: number; debt_name: string; image_url: string }[];
    expect(debts.map((d) => d.debt_name)).toEqual([
      'Auto loans',
      'Mortgages',
      'Student loans',
      'Credit cards',
      'Business loans',
      'Medical loans',
      'Line of credits',
    ]);
    for (const d of debts) {
      expect(d.id).toEqual(expect.any(Number));
      const image = await t.app.inject({ method: 'GET', url: d.image_url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/image\/svg\+xml/);
      expect(image.body).toMatch(/<svg[^>]*viewBox="0 0 96 96"/);
    }
  });

  it('serves no file outside the catalogue', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/debts/images/unknown.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/debts/images/..%2F..%2Fapp.ts' })).statusCode).toBe(400);
  });
});
