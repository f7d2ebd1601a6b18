import { userBudgets } from '@helo/db/schema';
import { cents } from '@helo/finance/cents';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { budgetRequests, errorPaths, NOVEMBER } from './budget-requests.test-helpers.ts';

const t = useTestApp();
const api = budgetRequests(t);

const STALE =
  'This budget was changed in another tab or device. Reload to see the latest, then make your change again.';

/** What a client edits: the saved budget's categories as it read them, ids included. */
const editable = (budget: {
  categories: { id: string; name: string; group: string; planned: number; preset: string | null }[];
}) => budget.categories.map(({ id, name, group, planned, preset }) => ({ id, name, group, planned, preset }));

describe('GET/POST /v1/user-budgets', () => {
  it('answers an empty list before the first budget', async () => {
    const { token } = await api.newUser();
    const res = await api.list(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ data: [] });
  });

  it('creates a month and answers it with its categories in order and the summary worked out by hand', async () => {
    const { token } = await api.newUser();
    const res = await api.create(token);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Your budget is saved');
    const budget = res.json().data;
    expect(budget).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      month: '2026-11',
      net_income: 4250,
      categories: NOVEMBER.categories.map((c) => ({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: c.name,
        group: c.group,
        preset: c.preset ?? null,
        planned: c.planned,
      })),
      summary: {
        planned: 3325.74,
        by_group: { needs: 2445.5, wants: 280.24, savings: 600 },
        surplus: 924.26,
        // 2,445.50 / 4,250 = 57.5411…%, 280.24 / 4,250 = 6.5938…%, 600 / 4,250 = 14.1176…%
        share_of_income: { needs: 57.54, wants: 6.59, savings: 14.12 },
        guideline: { needs: 2125, wants: 1275, savings: 850 },
      },
      version: 1,
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
    });
    expect(new Set(budget.categories.map((c: { id: string }) => c.id)).size).toBe(6);
    expect((await api.list(token)).json().data).toEqual([budget]);
  });

  it('answers a shortfall as a negative surplus, and splits the guideline to the cent', async () => {
    const { token } = await api.newUser();
    const res = await api.create(token, {
      month: '2026-12',
      net_income: 1000.01,
      categories: [
        { name: 'Rent', group: 'needs', planned: 900 },
        { name: 'Fun', group: 'wants', planned: 150 },
      ],
    });
    expect(res.json().data.summary).toEqual({
      planned: 1050,
      by_group: { needs: 900, wants: 150, savings: 0 },
      surplus: -49.99,
      // 900 / 1,000.01 = 89.9991…% → 90.00; 150 / 1,000.01 = 14.99985…% → 15.00
      share_of_income: { needs: 90, wants: 15, savings: 0 },
      // 500.005 / 300.003 / 200.002: the cent left over goes to the largest fraction, needs.
      guideline: { needs: 500.01, wants: 300, savings: 200 },
    });
  });

  it('answers shares of 0 without income, and takes a budget without categories', async () => {
    const { token } = await api.newUser();
    const res = await api.create(token, { month: '2027-01', net_income: 0, categories: [] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      categories: [],
      summary: {
        planned: 0,
        surplus: 0,
        share_of_income: { needs: 0, wants: 0, savings: 0 },
        guideline: { needs: 0, wants: 0, savings: 0 },
      },
    });
  });

  it('trims names, and takes a name that differs only in case from a preset in another budget', async () => {
    const { token } = await api.newUser();
    const res = await api.create(token, {
      month: '2026-11',
      net_income: 100,
      categories: [{ name: '  Dog walker \t', group: 'wants', planned: 10, preset: null }],
    });
    expect(res.json().data.categories[0]).toMatchObject({ name: 'Dog walker', preset: null });
  });

  it('lists the newest month first', async () => {
    const { token } = await api.newUser();
    for (const month of ['2026-09', '2027-01', '2026-11', '2026-10']) {
      expect((await api.create(token, { ...NOVEMBER, month })).statusCode).toBe(201);
    }
    const months = (await api.list(token)).json().data.map((b: { month: string }) => b.month);
    expect(months).toEqual(['2027-01', '2026-11', '2026-10', '2026-09']);
  });

  it('refuses a month the user has already with a 409 naming month, and keeps the first', async () => {
    const { token, budget } = await api.userWithBudget();
    const again = await api.create(token, { ...NOVEMBER, net_income: 9000 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You already have a budget for November 2026. Open it to make changes.',
      errors: [{ path: 'month', message: 'You already have a budget for November 2026' }],
    });
    expect((await api.list(token)).json().data).toEqual([budget]);
  });

  it('lets two users have the same month', async () => {
    await api.userWithBudget();
    const { token } = await api.newUser();
    expect((await api.create(token)).statusCode).toBe(201);
  });

  it(`keeps at most 120 months a user, then answers 409`, async () => {
    const { token, userId } = await api.newUser();
    const months = Array.from(
      { length: 120 },
      (_, i) => `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
    );
    await t()
      .database.db.insert(userBudgets)
      .values(months.map((month) => ({ userId, month, netIncomeCents: cents(100) })));
    const res = await api.create(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You can keep at most 120 monthly budgets. Delete an old month to add another.');
    expect((await api.list(token)).json().data).toHaveLength(120);
  });

  it('takes 60 categories', async () => {
    const { token } = await api.newUser();
    const categories = Array.from({ length: 60 }, (_, i) => ({
      name: `Category ${i + 1}`,
      group: 'wants',
      planned: 1,
    }));
    const res = await api.create(token, { month: '2026-11', net_income: 100, categories });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.categories.map((c: { name: string }) => c.name)).toEqual(categories.map((c) => c.name));
    expect(res.json().data.summary.surplus).toBe(40);
  });
});

describe('copy_from', () => {
  it('starts the new month as a copy of the other: its income and its categories, under new ids', async () => {
    const { token, budget } = await api.userWithBudget();
    const res = await api.create(token, { month: '2026-12', copy_from: '2026-11' });
    expect(res.statusCode).toBe(201);
    const copy = res.json().data;
    expect(copy).toMatchObject({ month: '2026-12', net_income: 4250, version: 1, summary: budget.summary });
    const fields = (b: typeof budget) => b.categories.map(({ id: _, ...rest }: { id: string }) => rest);
    expect(fields(copy)).toEqual(fields(budget));
    const oldIds = new Set(budget.categories.map((c: { id: string }) => c.id));
    expect(copy.categories.some((c: { id: string }) => oldIds.has(c.id))).toBe(false);
    // The source month is left as it was.
    expect((await api.list(token)).json().data[1]).toEqual(budget);
  });

  it('replaces the copied income or categories with those sent', async () => {
    const { token } = await api.userWithBudget();
    const income = (await api.create(token, { month: '2026-12', copy_from: '2026-11', net_income: 5000 })).json().data;
    expect(income.net_income).toBe(5000);
    expect(income.categories).toHaveLength(6);
    expect(income.summary.surplus).toBe(1674.26);
    const categories = [{ name: 'Rent', group: 'needs', planned: 1000 }];
    const list = (await api.create(token, { month: '2027-01', copy_from: '2026-11', categories })).json().data;
    expect(list).toMatchObject({ net_income: 4250, summary: { planned: 1000, surplus: 3250 } });
    expect(list.categories.map((c: { name: string }) => c.name)).toEqual(['Rent']);
  });

  it('answers 404 naming copy_from when there is no such month, and creates nothing', async () => {
    const { token, budget } = await api.userWithBudget();
    const res = await api.create(token, { month: '2026-12', copy_from: '2026-10' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'copy_from: There is no budget for October 2026 to copy',
      errors: [{ path: 'copy_from', message: 'There is no budget for October 2026 to copy' }],
    });
    expect((await api.list(token)).json().data).toEqual([budget]);
  });

  it("never copies another user's month", async () => {
    await api.userWithBudget();
    const { token } = await api.newUser();
    const res = await api.create(token, { month: '2026-12', copy_from: '2026-11' });
    expect(res.statusCode).toBe(404);
    expect(errorPaths(res)).toEqual(['copy_from']);
    expect((await api.list(token)).json().data).toEqual([]);
  });

  it('answers 409 for an existing month even when copying', async () => {
    const { token } = await api.userWithBudget();
    await api.create(token, { ...NOVEMBER, month: '2026-12' });
    const res = await api.create(token, { month: '2026-12', copy_from: '2026-11' });
    expect(res.statusCode).toBe(409);
    expect(errorPaths(res)).toEqual(['month']);
  });
});

describe('PUT /v1/user-budgets/{id}', () => {
  it('keeps the categories sent with their id, creates new ones, deletes the missing ones, in the order sent', async () => {
    const { token, budget } = await api.userWithBudget();
    t().clock.advance(60_000);
    const [housing, food, debt, , gym, savings] = editable(budget);
    const categories = [
      { ...savings, planned: 700 },
      { name: 'Pet care', group: 'needs', planned: 80 },
      housing,
      { ...food, name: 'Groceries', planned: 450 },
      debt,
      { ...gym, group: 'needs' },
    ];
    const res = await api.update(token, budget.id, { net_income: 4300, categories, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your budget is saved');
    const saved = res.json().data;
    expect(saved).toMatchObject({
      id: budget.id,
      month: '2026-11',
      net_income: 4300,
      version: 2,
      created_at: budget.created_at,
      updated_at: '2026-11-21T12:01:00.000Z',
      // needs 80 + 1,500 + 450 + 525 + 99.99 = 2,654.99; wants 0 (Entertainment deleted); savings 700
      summary: { planned: 3354.99, by_group: { needs: 2654.99, wants: 0, savings: 700 }, surplus: 945.01 },
    });
    expect(saved.categories).toEqual([
      { ...savings, planned: 700 },
      { id: expect.any(String), name: 'Pet care', group: 'needs', planned: 80, preset: null },
      housing,
      { ...food, name: 'Groceries', planned: 450 },
      debt,
      { ...gym, group: 'needs' },
    ]);
    expect((await api.list(token)).json().data).toEqual([saved]);
  });

  it('swaps two names in one save (the unique index sees the final names only)', async () => {
    const { token, budget } = await api.userWithBudget();
    const rows = editable(budget);
    const [housing, food] = rows;
    if (!housing || !food) throw new Error('fixture');
    const swapped = [{ ...housing, name: 'Food' }, { ...food, name: 'HOUSING' }, ...rows.slice(2)];
    const res = await api.update(token, budget.id, { net_income: 4250, categories: swapped, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.categories.slice(0, 2)
        .map((c: { id: string; name: string }) => [c.id, c.name]),
    ).toEqual([
      [housing.id, 'Food'],
      [food.id, 'HOUSING'],
    ]);
  });

  it('refuses a stale version with 409 and writes nothing', async () => {
    const { token, budget } = await api.userWithBudget();
    const first = await api.update(token, budget.id, { net_income: 5000, categories: editable(budget), version: 1 });
    expect(first.json().data.version).toBe(2);
    const stale = await api.update(token, budget.id, { net_income: 1, categories: [], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE });
    expect((await api.list(token)).json().data).toEqual([first.json().data]);
  });

  it("answers 404 for a category id that is not this budget's (another month's), and writes nothing", async () => {
    const { token, budget } = await api.userWithBudget();
    const other = (await api.create(token, { month: '2026-12', copy_from: '2026-11' })).json().data;
    const categories = [...editable(budget), { ...editable(other)[0], name: 'Elsewhere', preset: null }];
    const res = await api.update(token, budget.id, { net_income: 1, categories, version: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'Row 7: Category not found. It may have been deleted in another tab or device: reload to see the latest.',
    );
    expect((await api.list(token)).json().data[1]).toEqual(budget);
  });

  it("answers 404 for another user's category id in the user's own budget, and changes neither", async () => {
    const a = await api.userWithBudget();
    const b = await api.userWithBudget();
    const categories = [{ ...editable(a.budget)[0], name: 'Taken over' }];
    const res = await api.update(b.token, b.budget.id, { net_income: 1, categories, version: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^Row 1: Category not found\./);
    expect((await api.list(a.token)).json().data).toEqual([a.budget]);
    expect((await api.list(b.token)).json().data).toEqual([b.budget]);
  });

  it("answers 404 for another user's budget, a malformed id and an unknown one, and changes nothing", async () => {
    const a = await api.userWithBudget();
    const b = await api.newUser();
    const body = { net_income: 1, categories: [], version: 1 };
    for (const id of [a.budget.id, 'not-an-id', '00000000-0000-0000-0000-000000000000', a.budget.id.toUpperCase()]) {
      const res = await api.update(b.token, id, body);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Budget not found' });
    }
    expect((await api.list(a.token)).json().data).toEqual([a.budget]);
    // Its own owner may name it in capitals.
    expect((await api.update(a.token, a.budget.id.toUpperCase(), body)).statusCode).toBe(200);
  });
});

describe('DELETE /v1/user-budgets/{id}', () => {
  it('deletes the month with its categories', async () => {
    const { token, budget } = await api.userWithBudget();
    const december = (await api.create(token, { month: '2026-12', copy_from: '2026-11' })).json().data;
    const res = await api.remove(token, budget.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your budget is deleted', data: null });
    expect((await api.list(token)).json().data).toEqual([december]);
    expect((await api.remove(token, budget.id)).statusCode).toBe(404);
    // The month is free again.
    expect((await api.create(token)).statusCode).toBe(201);
  });

  it('refuses a stale version with 409, and deletes at the current one', async () => {
    const { token, budget } = await api.userWithBudget();
    await api.update(token, budget.id, { net_income: 1, categories: [], version: 1 });
    const stale = await api.remove(token, budget.id, '?version=1');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE });
    expect((await api.remove(token, budget.id, '?version=2')).statusCode).toBe(200);
  });

  it("answers 404 for another user's budget and leaves it", async () => {
    const a = await api.userWithBudget();
    const b = await api.newUser();
    for (const id of [a.budget.id, 'x', '00000000-0000-0000-0000-000000000000']) {
      expect((await api.remove(b.token, id)).statusCode, id).toBe(404);
    }
    expect((await api.list(a.token)).json().data).toEqual([a.budget]);
    expect((await api.list(b.token)).json().data).toEqual([]);
  });
});

describe('GET /v1/user-budgets/prefill', () => {
  it("sums the monthly payments of the user's loans for 'Debt payments'", async () => {
    const { token } = await api.newUser();
    expect((await api.prefill(token)).json()).toEqual({ data: { debt_payments: 0, loan_count: 0 } });
    const loan = { initial_loan_amount: 1000, outstanding_balance: 800, interest_rate: 5, due_date: '2026-12-01' };
    const saved = await t().app.inject({
      method: 'PUT',
      url: '/api/v1/user-debts',
      headers: bearer(token),
      payload: {
        debts: [
          { ...loan, debt_id: 1, monthly_payment_amount: 450 },
          { ...loan, debt_id: 3, monthly_payment_amount: 75.5 },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await api.prefill(token)).json()).toEqual({ data: { debt_payments: 525.5, loan_count: 2 } });
    // Another user's loans count for them only.
    expect((await api.prefill((await api.newUser()).token)).json().data.debt_payments).toBe(0);
  });
});

it('answers 401 signed out', async () => {
  const { budget } = await api.userWithBudget();
  const update = { net_income: 1, categories: [], version: 1 };
  for (const [method, url, payload] of [
    ['GET', '', undefined],
    ['GET', '/prefill', undefined],
    ['POST', '', NOVEMBER],
    ['PUT', `/${budget.id}`, update],
    ['DELETE', `/${budget.id}`, undefined],
  ] as const) {
    const res = await t().app.inject({ method, url: `/api/v1/user-budgets${url}`, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}`).toBe(401);
  }
});
