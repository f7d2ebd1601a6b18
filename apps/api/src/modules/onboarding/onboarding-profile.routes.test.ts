import { onboardingProfiles } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const url = '/api/v1/onboarding/profile';
const save = (token: string, payload: unknown) =>
  t().app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object });
const read = async (token: string) => {
  const res = await t().app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data;
};

describe('the setup after verifying (/v1/onboarding/profile)', () => {
  it('starts empty, saves the income and the first area, and replaces them on the next save', async () => {
    const { session } = await register(t());
    expect(await read(session.access_token)).toEqual({ monthly_income: null, first_focus: null });
    const res = await save(session.access_token, { monthly_income: 6500.5, first_focus: 'emergency_fund' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ monthly_income: 6500.5, first_focus: 'emergency_fund' });
    expect(await read(session.access_token)).toEqual({ monthly_income: 6500.5, first_focus: 'emergency_fund' });
    // Skipped the income this time: a left-out answer is cleared, not kept.
    await save(session.access_token, { first_focus: 'budget' });
    expect(await read(session.access_token)).toEqual({ monthly_income: null, first_focus: 'budget' });
    await save(session.access_token, { monthly_income: 0, first_focus: null });
    expect(await read(session.access_token)).toEqual({ monthly_income: 0, first_focus: null });
  });

  it('keeps each user to their own answers', async () => {
    const a = await register(t());
    const b = await register(t());
    await save(a.session.access_token, { monthly_income: 4000, first_focus: 'goal' });
    await save(b.session.access_token, { monthly_income: 9000, first_focus: 'investing' });
    expect(await read(a.session.access_token)).toEqual({ monthly_income: 4000, first_focus: 'goal' });
  });

  it.each([
    [{ monthly_income: -1 }, 'monthly_income', 'Monthly take-home income cannot be negative'],
    [{ monthly_income: 12.345 }, 'monthly_income', 'Monthly take-home income can have at most two decimals (cents)'],
    [{ monthly_income: '6500' }, 'monthly_income', 'Monthly take-home income must be a number'],
    [{ first_focus: 'crypto' }, 'first_focus', 'Choose one of the listed areas'],
  ])('refuses %j with a 400 naming the field, and keeps what was saved', async (body, path, message) => {
    const { session } = await register(t());
    await save(session.access_token, { monthly_income: 3000, first_focus: 'pay_off_debt' });
    const res = await save(session.access_token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect(await read(session.access_token)).toEqual({ monthly_income: 3000, first_focus: 'pay_off_debt' });
  });

  it('needs a signed-in user', async () => {
    expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'PUT', url, payload: {} })).statusCode).toBe(401);
  });

  it('ends with two saves at once as one of them, whole', async () => {
    const { session } = await register(t());
    const bodies = [
      { monthly_income: 1000, first_focus: 'goal' },
      { monthly_income: 2000, first_focus: 'budget' },
    ];
    const answers = await Promise.all(bodies.map((b) => save(session.access_token, b)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(bodies).toContainEqual(await read(session.access_token));
  });

  it.each([
    ['monthlyIncomeCents', cents(-1)],
    ['firstFocus', 'crypto'],
  ])('refuses %s = %s written straight to the table (a CHECK, not only the API)', async (column, value) => {
    const { session } = await register(t());
    const write = t()
      .database.db.insert(onboardingProfiles)
      .values({ userId: session.user.id, [column]: value });
    await expect(write).rejects.toThrow();
  });
});
