import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { fundRequests, SETUP } from './fund-requests.test-helpers.ts';

const t = useTestApp();
const api = fundRequests(t);

const newUser = async () => (await register(t())).session.access_token;

describe('GET/POST/PUT /v1/user-emergency-fund', () => {
  it("answers 404 'No emergency fund yet' before setup (the spec's client reads it as no fund)", async () => {
    const res = await api.getFund(await newUser());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No emergency fund yet' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('creates the fund with the spec message, and answers it with the plan and where the expenses came from', async () => {
    const token = await newUser();
    const res = await api.createFund(token);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json();
    expect(created.message).toBe('Emergency Fund created successfully');
    expect(created.data).toEqual({
      id: expect.any(String),
      is_saving: true,
      starting_amount: 1000,
      saved_amount: 1000,
      monthly_income: 4000,
      monthly_saving: 200,
      monthly_saving_want: 500,
      // No budget yet: the monthly income stands in for the expenses.
      monthly_expenses: 4000,
      expenses_source: 'income',
      plan: { target_low: 12000, target_high: 24000, progress_percent: 8.33, months_to_low: 22, months_to_high: 46 },
      milestone_reached: 0,
      // Entries are dated from the day it was set up, as seen out west (Hawaii's: 02:00 there).
      entries_from: '2026-11-21',
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
    });
    const read = await api.getFund(token);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json().data).toEqual(created.data);
  });

  it('stores the saved amount as 0 unless the user said they are saving', async () => {
    for (const is_saving of [false, null]) {
      const token = await newUser();
      const res = await api.createFund(token, { ...SETUP, is_saving, saved_amount: 2500 });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ is_saving, starting_amount: 0, saved_amount: 0 });
    }
    // The spec's form clears the field when the answer is 'No': a missing or null amount is fine then.
    const token = await newUser();
    const { saved_amount: _, ...withoutAmount } = SETUP;
    expect((await api.createFund(token, { ...withoutAmount, is_saving: false })).statusCode).toBe(201);
  });

  it('answers "never" (null months) when nothing is saved each month', async () => {
    const token = await newUser();
    const res = await api.createFund(token, { ...SETUP, monthly_saving_want: 0 });
    expect(res.json().data.plan).toMatchObject({ months_to_low: null, months_to_high: null });
  });

  it('refuses a second fund with a 409 and keeps the first', async () => {
    const token = await newUser();
    expect((await api.createFund(token)).statusCode).toBe(201);
    const again = await api.createFund(token, { ...SETUP, monthly_income: 9000 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You already have an emergency fund' });
    expect((await api.getFund(token)).json().data.monthly_income).toBe(4000);
  });

  it('updates the answers, and 404s when there is no fund to update', async () => {
    const token = await newUser();
    const missing = await api.updateFund(token, SETUP);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No emergency fund yet');
    await api.createFund(token);
    t().clock.advance(60_000);
    const res = await api.updateFund(token, { ...SETUP, saved_amount: 3000, monthly_income: 5000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Emergency fund updated');
    expect(res.json().data).toMatchObject({
      // No entries yet: the answer simply replaces the starting amount.
      starting_amount: 3000,
      saved_amount: 3000,
      monthly_income: 5000,
      plan: { target_low: 15000, target_high: 30000, progress_percent: 20 },
    });
    expect(res.json().data.updated_at).not.toBe(res.json().data.created_at);
    expect((await api.listEntries(token)).json().data).toEqual([]);
  });

  describe('validation: each bad field is a 400 naming it, and nothing is saved', () => {
    const money = ['saved_amount', 'monthly_income', 'monthly_saving', 'monthly_saving_want'] as const;
    const cases: [string, Record<string, unknown>, string][] = [
      ['is_saving missing', { is_saving: undefined }, 'is_saving'],
      ['is_saving not a boolean', { is_saving: 'yes' }, 'is_saving'],
      ['is_saving true without saved_amount', { saved_amount: undefined }, 'saved_amount'],
      ['is_saving true with saved_amount null', { saved_amount: null }, 'saved_amount'],
      ...money.flatMap((field): [string, Record<string, unknown>, string][] => [
        [`${field} a string`, { [field]: '100' }, field],
        [`${field} negative`, { [field]: -1 }, field],
        [`${field} huge`, { [field]: 1e11 }, field],
        [`${field} with three decimals`, { [field]: 10.005 }, field],
        [`${field} a boolean`, { [field]: true }, field],
      ]),
      ...money
        .filter((field) => field !== 'saved_amount')
        .map((field): [string, Record<string, unknown>, string] => [`${field} missing`, { [field]: undefined }, field]),
    ];

    it.each(cases)('POST: %s', async (_name, change, field) => {
      const token = await newUser();
      const res = await api.createFund(token, { ...SETUP, ...change });
      expect(res.statusCode).toBe(400);
      const paths = (res.json().errors as { path: string }[]).map((e) => e.path);
      expect(paths.length).toBeGreaterThan(0);
      expect(new Set(paths)).toEqual(new Set([field]));
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
      expect((await api.getFund(token)).statusCode).toBe(404);
    });

    it.each(cases)('PUT: %s', async (_name, change, field) => {
      const token = await newUser();
      await api.createFund(token);
      const before = (await api.getFund(token)).json().data;
      const res = await api.updateFund(token, { ...SETUP, ...change });
      expect(res.statusCode).toBe(400);
      expect(new Set((res.json().errors as { path: string }[]).map((e) => e.path))).toEqual(new Set([field]));
      expect((await api.getFund(token)).json().data).toEqual(before);
    });

    it('names the field in words a person can act on', async () => {
      const token = await newUser();
      const res = await api.createFund(token, { ...SETUP, monthly_income: -5 });
      expect(res.json().errors).toEqual([{ path: 'monthly_income', message: 'Monthly income cannot be negative' }]);
      const missing = await api.createFund(token, { ...SETUP, saved_amount: undefined });
      expect(missing.json().errors).toEqual([{ path: 'saved_amount', message: 'Saved amount is required' }]);
    });
  });

  it("never shows or changes another user's fund", async () => {
    const a = await api.userWithFund();
    const b = await newUser();
    const read = await api.getFund(b);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain(a.fund.id);
    expect((await api.updateFund(b, { ...SETUP, saved_amount: 1 })).statusCode).toBe(404);
    // B's own fund is B's; A's stays as it was.
    expect((await api.createFund(b, { ...SETUP, saved_amount: 7 })).statusCode).toBe(201);
    expect((await api.getFund(b)).json().data.saved_amount).toBe(7);
    expect((await api.getFund(a.token)).json().data).toEqual(a.fund);
  });

  it('asks for a session', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/v1/user-emergency-fund' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
