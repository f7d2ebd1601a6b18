import { GOAL_NAME_MAX, MAX_GOALS } from '@helo/contract/lifestyle-goals';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { productToday } from '../../lib/product-day.ts';
import { deposit, GOAL, goalRequests } from './goal-requests.test-helpers.ts';
import { STALE_GOAL, TOO_MANY_GOALS } from './lifestyle-goals.service.ts';

const t = useTestApp();
const api = goalRequests(t);
/** The tests of this file move the clock by seconds only: today stays 21 Nov 2026 in New York. */
const today = () => productToday(t().clock.now());

const monthsOf = (first: number, step: number, months: string[]) =>
  months.map((month, i) => ({ month, balance: first + step * i }));

describe('GET/POST/PUT/DELETE /v1/user-lifestyle-saving', () => {
  it('creates a goal: 201 with the plan from today, the projection, the status, and the same on GET', async () => {
    const { token } = await api.newUser();
    const empty = await api.listGoals(token);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ data: [] });

    const res = await api.createGoal(token);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().message).toBe('Goal created');
    const goal = res.json().data;
    expect(goal).toEqual({
      id: expect.any(String),
      name: 'Japan trip',
      kind: 'travel',
      target_amount: 6000,
      saved_amount: 600,
      starting_amount: 600,
      horizon_years: 1,
      // A year from today (the test clock: 21 Nov 2026 in New York).
      target_date: '2027-11-21',
      apy: 0,
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
      version: 1,
      milestone_reached: 0,
      progress_percent: 10,
      // $5,400 to go in 12 months.
      plan: { monthly_needed: 450, months_left: 12, started_on: '2026-11-21', expected_now: 600 },
      projection: monthsOf(1050, 450, [
        '2026-12',
        '2027-01',
        '2027-02',
        '2027-03',
        '2027-04',
        '2027-05',
        '2027-06',
        '2027-07',
        '2027-08',
        '2027-09',
        '2027-10',
        '2027-11',
      ]),
      status: 'on_track',
    });
    expect((await api.getGoal(token, goal.id)).json()).toEqual({ data: goal });
    expect((await api.listGoals(token)).json()).toEqual({ data: [goal] });
  });

  it('takes a target date instead of a horizon, and an APY (interest first each month, then the deposit)', async () => {
    const { token } = await api.newUser();
    const res = await api.createGoal(token, {
      name: 'Wedding',
      kind: 'wedding',
      target_amount: 10000,
      saved_amount: 0,
      horizon_years: null,
      target_date: '2027-11-30',
      apy: 5,
    });
    expect(res.statusCode).toBe(201);
    // $10,000 in 12 whole months at 5 % APY: $814.83 a month (packages/finance goal-plan's example).
    expect(res.json().data).toMatchObject({
      horizon_years: null,
      target_date: '2027-11-30',
      apy: 5,
      plan: { monthly_needed: 814.83, months_left: 12 },
      status: 'on_track',
    });
    expect(res.json().data.projection.slice(0, 2)).toEqual([
      { month: '2026-12', balance: 814.83 },
      { month: '2027-01', balance: 1632.98 },
    ]);
    expect(res.json().data.projection.at(-1)).toEqual({ month: '2027-11', balance: 10000.05 });
    // A timestamp names the day it holds; a date tomorrow is one month of deposits.
    const soon = await api.createGoal(token, {
      ...GOAL,
      horizon_years: undefined,
      target_date: '2026-11-22T09:00:00Z',
    });
    expect(soon.json().data).toMatchObject({
      target_date: '2026-11-22',
      plan: { monthly_needed: 5400, months_left: 1 },
    });
  });

  it('lists the goals oldest first', async () => {
    const { token } = await api.newUser();
    for (const name of ['First', 'Second', 'Third']) {
      expect((await api.createGoal(token, { ...GOAL, name })).statusCode).toBe(201);
      t().clock.advance(1000);
    }
    const names = (await api.listGoals(token)).json().data.map((g: { name: string }) => g.name);
    expect(names).toEqual(['First', 'Second', 'Third']);
  });

  it(`refuses goal ${MAX_GOALS + 1} with a 409 and a clear message, and takes one again after a delete`, async () => {
    const { token } = await api.newUser();
    const ids: string[] = [];
    for (let i = 0; i < MAX_GOALS; i += 1) {
      const res = await api.createGoal(token, { ...GOAL, name: `Goal ${i + 1}` });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id);
    }
    const refused = await api.createGoal(token, { ...GOAL, name: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: TOO_MANY_GOALS });
    expect(TOO_MANY_GOALS).toBe('You can have at most 50 goals. Delete one you no longer need to add another.');
    expect((await api.listGoals(token)).json().data).toHaveLength(MAX_GOALS);
    expect((await api.deleteGoal(token, ids[0] ?? '')).statusCode).toBe(200);
    expect((await api.createGoal(token, { ...GOAL, name: 'Room again' })).statusCode).toBe(201);
  });

  describe('PUT', () => {
    it('renames without touching the plan, and counts the change in version', async () => {
      const { token, goal } = await api.userWithGoal();
      t().clock.advance(60_000);
      const res = await api.updateGoal(token, goal.id, { ...GOAL, name: 'Kyoto trip', kind: 'other', version: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Goal updated');
      expect(res.json().data).toEqual({
        ...goal,
        name: 'Kyoto trip',
        kind: 'other',
        version: 2,
        updated_at: t().clock.now().toISOString(),
      });
      expect(res.json().data.updated_at).not.toBe(goal.updated_at);
    });

    it('saved_amount replaces the starting amount while the ledger is empty, and becomes a correction entry after', async () => {
      const { token, goal } = await api.userWithGoal();
      const fixed = await api.updateGoal(token, goal.id, { ...GOAL, saved_amount: 900, version: 1 });
      expect(fixed.json().data).toMatchObject({
        starting_amount: 900,
        saved_amount: 900,
        plan: { expected_now: 900, monthly_needed: 425 },
      });
      expect((await api.listEntries(token, goal.id)).json().data).toEqual([]);

      const { goal: after } = await api.entry(token, goal.id, deposit(100));
      t().clock.advance(1000); // the correction is recorded after the deposit, so listed first
      const corrected = await api.updateGoal(token, goal.id, { ...GOAL, saved_amount: 950.5, version: after.version });
      expect(corrected.json().data).toMatchObject({ starting_amount: 900, saved_amount: 950.5 });
      const entries = (await api.listEntries(token, goal.id)).json().data;
      expect(entries[0]).toMatchObject({
        kind: 'withdrawal',
        amount: 49.5,
        date: today(),
        note: 'Corrected when editing the goal',
      });
      // A correction does not move the plan: it counts like the deposit it undoes.
      expect(corrected.json().data.plan.expected_now).toBe(900);
    });

    it('refuses a stale version with a 409 and changes nothing', async () => {
      const { token, goal } = await api.userWithGoal();
      // A deposit made meanwhile (another tab) is a change too: saved_amount 600 would undo it.
      await api.entry(token, goal.id, deposit(50));
      const before = (await api.getGoal(token, goal.id)).json().data;
      const res = await api.updateGoal(token, goal.id, { ...GOAL, name: 'Stale', version: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: STALE_GOAL });
      expect((await api.getGoal(token, goal.id)).json().data).toEqual(before);
      expect(before).toMatchObject({ saved_amount: 650, version: 2 });
    });
  });

  it('deletes a goal with its entries', async () => {
    const { token, goal } = await api.userWithGoal();
    await api.entry(token, goal.id, deposit(10));
    const res = await api.deleteGoal(token, goal.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Goal deleted', data: null });
    expect((await api.getGoal(token, goal.id)).statusCode).toBe(404);
    expect((await api.listEntries(token, goal.id)).statusCode).toBe(404);
    expect((await api.deleteGoal(token, goal.id)).statusCode).toBe(404);
    expect((await api.listGoals(token)).json().data).toEqual([]);
  });

  describe('validation: each bad field is a 400 naming it, and nothing is saved', () => {
    const money = ['target_amount', 'saved_amount'] as const;
    const cases: [string, Record<string, unknown>, string][] = [
      ['name missing', { name: undefined }, 'name'],
      ['name a number', { name: 5 }, 'name'],
      ['name empty', { name: '' }, 'name'],
      ['name only spaces', { name: '   ' }, 'name'],
      ['name too long', { name: 'x'.repeat(GOAL_NAME_MAX + 1) }, 'name'],
      ['name with NUL', { name: 'Japan\u0000trip' }, 'name'],
      ['name with a line break', { name: 'Japan\ntrip' }, 'name'],
      ['name with a lone surrogate', { name: 'Japan \ud800' }, 'name'],
      ['kind missing', { kind: undefined }, 'kind'],
      ['kind unknown', { kind: 'boat' }, 'kind'],
      ['kind a number', { kind: 1 }, 'kind'],
      ...money.flatMap((field): [string, Record<string, unknown>, string][] => [
        [`${field} missing`, { [field]: undefined }, field],
        [`${field} null`, { [field]: null }, field],
        [`${field} a string`, { [field]: '100' }, field],
        [`${field} negative`, { [field]: -1 }, field],
        [`${field} huge`, { [field]: 1e11 }, field],
        [`${field} with three decimals`, { [field]: 10.005 }, field],
        [`${field} a boolean`, { [field]: true }, field],
      ]),
      ['target_amount zero', { target_amount: 0 }, 'target_amount'],
      ['target_amount a fraction of a cent', { target_amount: 5e-324 }, 'target_amount'],
      ['horizon_years 2', { horizon_years: 2 }, 'horizon_years'],
      ['horizon_years 0', { horizon_years: 0 }, 'horizon_years'],
      ['horizon_years a string', { horizon_years: '3' }, 'horizon_years'],
      ['horizon_years 2.5', { horizon_years: 2.5 }, 'horizon_years'],
      ['neither horizon nor date', { horizon_years: undefined }, 'horizon_years'],
      ['horizon and date null', { horizon_years: null, target_date: null }, 'horizon_years'],
      ['both horizon and date', { target_date: '2028-01-01' }, 'target_date'],
      ['target_date in the past', { horizon_years: null, target_date: '2026-11-20' }, 'target_date'],
      ['target_date today', { horizon_years: null, target_date: '2026-11-21' }, 'target_date'],
      ['target_date over 100 years ahead', { horizon_years: null, target_date: '2126-11-22' }, 'target_date'],
      ['target_date not a date', { horizon_years: null, target_date: 'next summer' }, 'target_date'],
      ['target_date not on the calendar', { horizon_years: null, target_date: '2027-02-30' }, 'target_date'],
      ['target_date a number', { horizon_years: null, target_date: 20271121 }, 'target_date'],
      ['target_date with NUL', { horizon_years: null, target_date: '2027-11-21\u0000' }, 'target_date'],
      ['apy negative', { apy: -1 }, 'apy'],
      ['apy over 100', { apy: 100.01 }, 'apy'],
      ['apy a string', { apy: '5' }, 'apy'],
      ['apy with five decimals', { apy: 4.12345 }, 'apy'],
      ['apy too high for the horizon', { horizon_years: null, target_date: '2045-01-01', apy: 100 }, 'apy'],
    ];

    it.each(cases)('POST: %s', async (_name, change, field) => {
      const { token } = await api.newUser();
      const res = await api.createGoal(token, { ...GOAL, ...change });
      expect(res.statusCode, res.body).toBe(400);
      const paths = (res.json().errors as { path: string }[]).map((e) => e.path);
      expect(paths.length).toBeGreaterThan(0);
      expect(new Set(paths)).toEqual(new Set([field]));
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
      expect((await api.listGoals(token)).json().data).toEqual([]);
    });

    const putCases: [string, Record<string, unknown>, string][] = [
      ...cases,
      ['version missing', { version: undefined }, 'version'],
      ['version 0', { version: 0 }, 'version'],
      ['version a string', { version: '1' }, 'version'],
      ['version a fraction', { version: 1.5 }, 'version'],
    ];
    it.each(putCases)('PUT: %s', async (_name, change, field) => {
      const { token, goal } = await api.userWithGoal();
      const res = await api.updateGoal(token, goal.id, { ...GOAL, version: 1, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(new Set((res.json().errors as { path: string }[]).map((e) => e.path))).toEqual(new Set([field]));
      expect((await api.getGoal(token, goal.id)).json().data).toEqual(goal);
    });

    it('names the field in words a person can act on', async () => {
      const { token } = await api.newUser();
      const cases: [Record<string, unknown>, { path: string; message: string }][] = [
        [{ target_amount: 0 }, { path: 'target_amount', message: 'Target amount must be more than $0' }],
        [{ saved_amount: -5 }, { path: 'saved_amount', message: 'Saved amount cannot be negative' }],
        [{ horizon_years: 2 }, { path: 'horizon_years', message: 'Horizon must be 1, 3, 5 or 10 years' }],
        [
          { horizon_years: null },
          { path: 'horizon_years', message: 'Choose a horizon (1, 3, 5 or 10 years) or a target date' },
        ],
        [
          { target_date: '2028-01-01' },
          { path: 'target_date', message: 'Choose a horizon or a target date, not both' },
        ],
        [{ name: 'x'.repeat(81) }, { path: 'name', message: 'Name can be at most 80 characters' }],
        [
          { horizon_years: null, target_date: '2045-01-01', apy: 100 },
          { path: 'apy', message: 'APY is too high for a goal this far away: lower it or choose a nearer date' },
        ],
      ];
      for (const [change, error] of cases) {
        expect((await api.createGoal(token, { ...GOAL, ...change })).json().errors).toEqual([error]);
      }
    });

    it('takes a name of exactly 80 characters (trimmed), null APY as none, and 100 % APY over a year', async () => {
      const { token } = await api.newUser();
      const res = await api.createGoal(token, { ...GOAL, name: ` ${'é'.repeat(GOAL_NAME_MAX)} `, apy: null });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ name: 'é'.repeat(GOAL_NAME_MAX), apy: 0 });
      expect((await api.createGoal(token, { ...GOAL, apy: 100 })).json().data.apy).toBe(100);
    });
  });

  it("never shows, changes or deletes another user's goal: 404, as for an unknown or malformed id", async () => {
    const a = await api.userWithGoal();
    const b = await api.userWithGoal({ ...GOAL, name: 'B goal' });
    const aBefore = (await api.getGoal(a.token, a.goal.id)).json().data;

    const read = await api.getGoal(b.token, a.goal.id);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: 'Goal not found' });
    const list = await api.listGoals(b.token);
    expect(list.json().data.map((g: { id: string }) => g.id)).toEqual([b.goal.id]);
    expect(list.body).not.toContain('Japan trip');
    const put = await api.updateGoal(b.token, a.goal.id, { ...GOAL, name: 'Taken', version: 1 });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: 'Goal not found' });
    expect((await api.deleteGoal(b.token, a.goal.id)).statusCode).toBe(404);
    expect((await api.getGoal(a.token, a.goal.id)).json().data).toEqual(aBefore);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' OR '1'='1"]) {
      const url = encodeURIComponent(id);
      expect((await api.getGoal(b.token, url)).statusCode).toBe(404);
      expect((await api.updateGoal(b.token, url, { ...GOAL, version: 1 })).statusCode).toBe(404);
      expect((await api.deleteGoal(b.token, url)).statusCode).toBe(404);
    }
    // B's own goal works.
    expect((await api.updateGoal(b.token, b.goal.id, { ...GOAL, name: 'B renamed', version: 1 })).statusCode).toBe(200);
  });

  it('asks for a session', async () => {
    for (const [method, url] of [
      ['GET', ''],
      ['GET', '/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/00000000-0000-4000-8000-000000000000'],
      ['GET', '/00000000-0000-4000-8000-000000000000/entries'],
    ] as const) {
      const res = await t().app.inject({ method, url: `/api/v1/user-lifestyle-saving${url}` });
      expect(res.statusCode).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
