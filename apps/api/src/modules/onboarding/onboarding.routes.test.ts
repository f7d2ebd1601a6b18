import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const save = (token: string, payload: unknown) =>
  t().app.inject({
    method: 'PUT',
    url: '/api/v1/onboarding/goals',
    headers: bearer(token),
    payload: payload as object,
  });
const info = async (token: string) =>
  (await t().app.inject({ method: 'GET', url: '/api/v1/auth/register', headers: bearer(token) })).json().data
    .onboarding;

describe('PUT /v1/onboarding/goals', () => {
  it('saves the picks, replaces them on the next save, and shows them in the onboarding info', async () => {
    const { session } = await register(t());
    expect((await info(session.access_token)).goal_ids).toEqual([]);
    const first = await save(session.access_token, { goal_ids: [3, 1, 3] });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.goal_ids).toEqual([1, 3]);
    await save(session.access_token, { goal_ids: [5] });
    expect((await info(session.access_token)).goal_ids).toEqual([5]);
  });

  it('keeps each user to their own picks', async () => {
    const a = await register(t());
    const b = await register(t());
    await save(a.session.access_token, { goal_ids: [2] });
    await save(b.session.access_token, { goal_ids: [4] });
    expect((await info(a.session.access_token)).goal_ids).toEqual([2]);
  });

  it('refuses an unknown goal without changing the saved list, naming its place', async () => {
    const { session } = await register(t());
    await save(session.access_token, { goal_ids: [1] });
    const res = await save(session.access_token, { goal_ids: [2, 999] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'goal_ids.1', message: 'Unknown goal id 999' }]);
    expect((await info(session.access_token)).goal_ids).toEqual([1]);
  });

  it.each([[{ goal_ids: [] }], [{ goal_ids: ['one'] }], [{}]])('refuses %j', async (payload) => {
    const { session } = await register(t());
    const res = await save(session.access_token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toMatch(/^goal_ids/);
  });

  // They reached the int4 column and failed there with a 500 (issue 10, item 2).
  it.each([2 ** 31, 2 ** 53 - 1])('refuses goal id %d, which no int column holds, with a 400 naming it', async (id) => {
    const { session } = await register(t());
    const res = await save(session.access_token, { goal_ids: [1, id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'goal_ids.1', message: 'Goal id is not a valid id' }]);
  });

  it('needs a signed-in user', async () => {
    const res = await t().app.inject({ method: 'PUT', url: '/api/v1/onboarding/goals', payload: { goal_ids: [1] } });
    expect(res.statusCode).toBe(401);
  });

  it('keeps one whole list when saves race (several at once, as on PostgreSQL with a pool)', async () => {
    const { session } = await register(t());
    const lists = [[1, 2], [3, 4], [5], [1, 3, 5], [2, 4], [1], [4, 5], [2, 3]];
    const answers = await Promise.all(lists.map((goal_ids) => save(session.access_token, { goal_ids })));
    expect(answers.map((a) => a.statusCode)).toEqual(lists.map(() => 200));
    const saved = (await info(session.access_token)).goal_ids;
    // Exactly one of the lists sent, never a mix of two.
    expect(lists.map((l) => JSON.stringify(l))).toContain(JSON.stringify(saved));
  });
});
