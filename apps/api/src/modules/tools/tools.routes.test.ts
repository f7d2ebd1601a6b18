import { TOOL_IDS } from '@helo/contract/tools';
import { notifications, outboxMail, toolWaitlist } from '@helo/db/schema';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const TOOLS = '/api/v1/tools';

const list = async (token: string) => {
  const res = await t().app.inject({ method: 'GET', url: TOOLS, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; on_waitlist: boolean; joined_at: string | null }[];
};
const onList = async (token: string) => (await list(token)).filter((x) => x.on_waitlist).map((x) => x.id);
const waitlist = (token: string, method: 'POST' | 'DELETE', id: string) =>
  t().app.inject({ method, url: `${TOOLS}/${encodeURIComponent(id)}/waitlist`, headers: bearer(token) });
const signUp = async () => (await register(t())).session;

describe('GET /v1/tools', () => {
  it('lists every upcoming tool with its name and description, none joined for a new user', async () => {
    const { access_token } = await signUp();
    const tools = await list(access_token);
    expect(tools.map((x) => x.id)).toEqual(TOOL_IDS);
    for (const tool of tools) {
      expect(tool).toMatchObject({ on_waitlist: false, joined_at: null });
      expect(tool).toHaveProperty('name', expect.stringMatching(/\S/));
      expect(tool).toHaveProperty('description', expect.stringMatching(/\S/));
    }
  });

  it('needs a signed-in user and is never cached', async () => {
    expect((await t().app.inject({ method: 'GET', url: TOOLS })).statusCode).toBe(401);
    const { access_token } = await signUp();
    const res = await t().app.inject({ method: 'GET', url: TOOLS, headers: bearer(access_token) });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /v1/tools/{id}/waitlist', () => {
  it('joins (201 with the tool), shows it in the list, and again is a 200 keeping the first date', async () => {
    const { access_token } = await signUp();
    const first = await waitlist(access_token, 'POST', 'tax-planner');
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      id: 'tax-planner',
      name: 'Tax planner',
      on_waitlist: true,
      joined_at: t().clock.now().toISOString(),
    });
    const joinedAt = first.json().data.joined_at;

    t().clock.advance(60_000);
    const again = await waitlist(access_token, 'POST', 'tax-planner');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ on_waitlist: true, joined_at: joinedAt });

    const tools = await list(access_token);
    expect(tools.filter((x) => x.on_waitlist)).toEqual([
      expect.objectContaining({ id: 'tax-planner', joined_at: joinedAt }),
    ]);
  });

  it('makes one row when two joins race, one 201 and one 200', async () => {
    const { access_token, user } = await signUp();
    const answers = await Promise.all([1, 2, 3].map(() => waitlist(access_token, 'POST', 'bill-calendar')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    const [rows] = await t()
      .database.db.select({ n: count() })
      .from(toolWaitlist)
      .where(eq(toolWaitlist.userId, user.id));
    expect(rows?.n).toBe(1);
  });

  it('writes nothing but the waitlist: no notification, no mail', async () => {
    const { access_token, user } = await signUp();
    const { db } = t().database;
    const counts = async () => ({
      notifications: (await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, user.id)))[0]
        ?.n,
      mail: (await db.select({ n: count() }).from(outboxMail))[0]?.n,
    });
    await t().app.backgroundWork.drain(); // the sign-up's own mail, before counting
    const before = await counts();
    expect((await waitlist(access_token, 'POST', 'credit-score-tracker')).statusCode).toBe(201);
    expect((await waitlist(access_token, 'DELETE', 'credit-score-tracker')).statusCode).toBe(200);
    await t().app.backgroundWork.drain();
    expect(await counts()).toEqual(before);
  });

  it("leaves another user's list as it was", async () => {
    const a = await signUp();
    const b = await signUp();
    await waitlist(a.access_token, 'POST', 'net-worth-history');
    await waitlist(b.access_token, 'POST', 'insurance-check-up');
    await waitlist(b.access_token, 'DELETE', 'net-worth-history');
    expect(await onList(a.access_token)).toEqual(['net-worth-history']);
    expect(await onList(b.access_token)).toEqual(['insurance-check-up']);
  });
});

describe('DELETE /v1/tools/{id}/waitlist', () => {
  it('leaves (200 with the tool off the list), and leaving again is a 200 too', async () => {
    const { access_token } = await signUp();
    await waitlist(access_token, 'POST', 'tax-planner');
    await waitlist(access_token, 'POST', 'bill-calendar');
    const left = await waitlist(access_token, 'DELETE', 'tax-planner');
    expect(left.statusCode).toBe(200);
    expect(left.json().data).toMatchObject({ id: 'tax-planner', on_waitlist: false, joined_at: null });
    expect(await onList(access_token)).toEqual(['bill-calendar']);

    const again = await waitlist(access_token, 'DELETE', 'tax-planner');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ on_waitlist: false });
    // Joining after leaving starts a new membership.
    expect((await waitlist(access_token, 'POST', 'tax-planner')).statusCode).toBe(201);
  });
});

describe('tool ids', () => {
  it.each(['POST', 'DELETE'] as const)(
    '%s with an unknown tool is a 404 naming it, and joins nothing',
    async (method) => {
      const { access_token } = await signUp();
      const res = await waitlist(access_token, method, 'time-machine');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain('"time-machine"');
      expect(await onList(access_token)).toEqual([]);
    },
  );

  it.each([
    ['a NUL character', 'tax\u0000planner'],
    ['65 characters', 'x'.repeat(65)],
  ])('%s is a 400 naming the tool id', async (_what, id) => {
    const { access_token } = await signUp();
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await waitlist(access_token, method, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'id', message: expect.stringContaining('Tool id') }]);
    }
    expect(await onList(access_token)).toEqual([]);
  });

  it('needs a signed-in user to join or leave', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await t().app.inject({ method, url: `${TOOLS}/tax-planner/waitlist` });
      expect(res.statusCode).toBe(401);
    }
  });
});
