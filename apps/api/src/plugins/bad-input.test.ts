import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await register(t)).session.access_token;
});
afterAll(() => t.close());

// Every endpoint that takes a body, with a valid example of it.
const endpoints: { method: 'POST' | 'PUT'; url: string; auth: boolean; valid: Record<string, unknown> }[] = [
  {
    method: 'POST',
    url: '/api/v1/auth/register',
    auth: false,
    valid: { first_name: 'A', last_name: 'B', email: 'a@b.co', password: 'long-enough-pass' },
  },
  { method: 'POST', url: '/api/v1/auth/login', auth: false, valid: { email: 'a@b.co', password: 'x' } },
  { method: 'POST', url: '/api/v1/auth/verify-email', auth: false, valid: { token: 'abc' } },
  { method: 'POST', url: '/api/v1/auth/forgot-password', auth: false, valid: { email: 'a@b.co' } },
  {
    method: 'POST',
    url: '/api/v1/auth/reset-password',
    auth: false,
    valid: { token: 'abc', password: 'long-enough-pass' },
  },
  {
    method: 'POST',
    url: '/api/v1/auth/change-password',
    auth: true,
    valid: { current_password: 'x', new_password: 'long-enough-pass' },
  },
  { method: 'PUT', url: '/api/v1/auth/profile', auth: true, valid: { first_name: 'A', last_name: 'B' } },
  { method: 'POST', url: '/api/v1/auth/token', auth: false, valid: { refresh_token: 'abc' } },
  { method: 'POST', url: '/api/v1/auth/logout', auth: false, valid: { refreshToken: 'abc' } },
];

const send = (e: (typeof endpoints)[number], payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: e.method,
    url: e.url,
    payload,
    headers: { 'content-type': contentType, ...(e.auth ? bearer(token) : {}) },
  });

describe.each(endpoints)('$method $url refuses bad input with a clear 4xx', (e) => {
  it('malformed JSON → 400', async () => {
    const res = await send(e, '{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });

  it('wrong content type → 415', async () => {
    const res = await send(e, 'email=a@b.co', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/Unsupported content type/);
  });

  it('a body over the limit → 413', async () => {
    const res = await send(e, JSON.stringify({ ...e.valid, padding: 'x'.repeat(300 * 1024) }));
    expect(res.statusCode).toBe(413);
  });

  const fields = Object.keys(e.valid);
  // The refresh token of /token and /logout may come from the cookie instead, so it is optional.
  const required = e.url.endsWith('/token') || e.url.endsWith('/logout') ? [] : fields;
  if (required.length > 0) {
    it.each(required)('missing %s → 400 naming it', async (field) => {
      const { [field]: _omitted, ...rest } = e.valid;
      const res = await send(e, JSON.stringify(rest));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path: field, message: expect.stringMatching(/required/) });
    });
  }

  it.each(fields)('%s of the wrong type → 400 naming it', async (field) => {
    const res = await send(e, JSON.stringify({ ...e.valid, [field]: 12345 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((x: { path: string }) => x.path)).toContain(field);
  });

  it.each(fields)('%s as a huge string → 400 naming it', async (field) => {
    const res = await send(e, JSON.stringify({ ...e.valid, [field]: 'a'.repeat(5000) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((x: { path: string }) => x.path)).toContain(field);
  });

  // A NUL reached PostgreSQL (names on register and profile) and failed there with a 500; an unpaired
  // surrogate would be stored as U+FFFD. Every text field refuses both (issue 10, item 2).
  it.each(fields.flatMap((f) => [[f, 'NUL', 'x\u0000y'] as const, [f, 'lone surrogate', 'x\ud800y'] as const]))(
    '%s with a %s → 400 naming it',
    async (field, _what, value) => {
      const res = await send(e, JSON.stringify({ ...e.valid, [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((x: { path: string }) => x.path)).toContain(field);
    },
  );

  it('a JSON array instead of an object → 400', async () => {
    const res = await send(e, '[1,2,3]');
    expect(res.statusCode).toBe(400);
  });
});

describe('emails', () => {
  it.each(['not-an-email', 'a@', '@b.co', 'a b@c.co'])('refuses %s', async (email) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'email', message: 'Enter a valid email address' }]);
  });
});
