import { loanPlans } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const url = '/api/v1/loan-plan';
const save = (token: string, payload: unknown) =>
  t().app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object });
const read = async (token: string) => {
  const res = await t().app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data;
};

describe("the payoff plans' extra each month (/v1/loan-plan)", () => {
  it('is $0 until changed, then the amount last saved', async () => {
    const { session } = await register(t());
    expect(await read(session.access_token)).toEqual({ extra_monthly: 0 });
    const res = await save(session.access_token, { extra_monthly: 250.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Extra each month saved', data: { extra_monthly: 250.5 } });
    expect(await read(session.access_token)).toEqual({ extra_monthly: 250.5 });
    await save(session.access_token, { extra_monthly: 0 });
    expect(await read(session.access_token)).toEqual({ extra_monthly: 0 });
  });

  it("keeps each user to their own amount: one user's save changes nobody else's", async () => {
    const a = await register(t());
    const b = await register(t());
    await save(a.session.access_token, { extra_monthly: 100 });
    await save(b.session.access_token, { extra_monthly: 900 });
    expect(await read(a.session.access_token)).toEqual({ extra_monthly: 100 });
    expect(await read(b.session.access_token)).toEqual({ extra_monthly: 900 });
  });

  it.each([
    [{ extra_monthly: -1 }, 'Extra each month cannot be negative'],
    [{ extra_monthly: 12.345 }, 'Extra each month can have at most two decimals (cents)'],
    [{ extra_monthly: '100' }, 'Extra each month must be a number'],
    [{ extra_monthly: 10_000_000_001 }, 'Extra each month cannot be more than $10 billion'],
    [{}, 'Extra each month is required'],
  ])('refuses %j with a 400 naming extra_monthly, and keeps what was saved', async (body, message) => {
    const { session } = await register(t());
    await save(session.access_token, { extra_monthly: 75 });
    const res = await save(session.access_token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'extra_monthly', message });
    expect(await read(session.access_token)).toEqual({ extra_monthly: 75 });
  });

  it('needs a signed-in user', async () => {
    expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'PUT', url, payload: { extra_monthly: 1 } })).statusCode).toBe(401);
  });

  it('ends two saves at once as one of them', async () => {
    const { session } = await register(t());
    const answers = await Promise.all([100, 200].map((x) => save(session.access_token, { extra_monthly: x })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect([100, 200]).toContain((await read(session.access_token)).extra_monthly);
  });

  it('refuses a negative amount written straight to the table (a CHECK, not only the API)', async () => {
    const { session } = await register(t());
    const write = t()
      .database.db.insert(loanPlans)
      .values({ userId: session.user.id, extraMonthlyCents: cents(-1) });
    await expect(write).rejects.toThrow();
  });
});
