import { feedback } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const send = (payload: unknown, headers: Record<string, string> = {}) =>
  t().app.inject({ method: 'POST', url: '/api/v1/feedback', payload: payload as object, headers });

describe('POST /v1/feedback', () => {
  it('stores the answers of someone signed out, skipped questions as null', async () => {
    const res = await send({ answers: [0, null, 4, 2, null, 1], comment: '  Love the loan planner  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Thank you for your feedback!');
    const [row] = await t().database.db.select().from(feedback).where(eq(feedback.id, res.json().data.id));
    expect(row).toMatchObject({ answers: [0, null, 4, 2, null, 1], comment: 'Love the loan planner', userId: null });
  });

  it('remembers the user when signed in, and accepts an empty form', async () => {
    const { session } = await register(t());
    const res = await send({ answers: [null, null, null, null, null, null] }, bearer(session.access_token));
    expect(res.statusCode).toBe(201);
    const [row] = await t().database.db.select().from(feedback).where(eq(feedback.id, res.json().data.id));
    expect(row).toMatchObject({ userId: session.user.id, comment: '' });
  });

  it.each([
    [{ answers: [0, 1, 2] }, 'answers'],
    [{ answers: [0, 1, 2, 3, 4, 5] }, 'answers.5'],
    [{ answers: [0, 1, 2, 3, 4, 1.5] }, 'answers.5'],
    [{ answers: 'all good' }, 'answers'],
    [{ answers: [0, 0, 0, 0, 0, 0], comment: 'x'.repeat(5001) }, 'comment'],
    // A NUL reached PostgreSQL and failed there with a 500 (issue 10, item 2).
    [{ answers: [0, 0, 0, 0, 0, 0], comment: 'fine\u0000then not' }, 'comment'],
    [{ answers: [0, 0, 0, 0, 0, 0], comment: 'half an emoji \ud83d' }, 'comment'],
  ])('refuses %j naming %s', async (payload, path) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe('GET /v1/config', () => {
  it('gives the support address from the configuration', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.json()).toEqual({ data: { support_email: 'support@helo.test' } });
  });
});
