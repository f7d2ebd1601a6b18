import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { budgetRequests, errorPaths, NOVEMBER } from './budget-requests.test-helpers.ts';

const t = useTestApp();
const api = budgetRequests(t);

type Case = [label: string, change: (body: Record<string, unknown>) => void, field: string];

/** A change to the first category of the body (or the one at `index`). */
const inCategory =
  (change: Record<string, unknown>, index = 0) =>
  (body: Record<string, unknown>) => {
    const categories = [...(body.categories as Record<string, unknown>[])];
    categories[index] = { ...categories[index], ...change };
    body.categories = categories;
  };
const without = (key: string) => (body: Record<string, unknown>) => {
  delete body[key];
};
const set = (key: string, value: unknown) => (body: Record<string, unknown>) => {
  body[key] = value;
};
const categoryWithout = (key: string) => (body: Record<string, unknown>) => {
  const categories = [...(body.categories as Record<string, unknown>[])];
  const { [key]: _, ...rest } = categories[0] as Record<string, unknown>;
  categories[0] = rest;
  body.categories = categories;
};
const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `C${i}`, group: 'wants', planned: 1 }));

const money = (path: string, change: (value: unknown) => (body: Record<string, unknown>) => void): Case[] => [
  [`${path} a string`, change('100'), path],
  [`${path} a boolean`, change(true), path],
  [`${path} null`, change(null), path],
  [`${path} negative`, change(-0.01), path],
  [`${path} huge`, change(1e11), path],
  [`${path} with three decimals`, change(10.005), path],
];

/** Refused alike by POST and PUT. */
const common: Case[] = [
  ['net_income missing', without('net_income'), 'net_income'],
  ...money('net_income', (v) => set('net_income', v)),
  ['categories not a list', set('categories', { name: 'Rent' }), 'categories'],
  ['categories a string', set('categories', 'Rent'), 'categories'],
  ['61 categories', set('categories', many(61)), 'categories'],
  ['categories.0.name missing', categoryWithout('name'), 'categories.0.name'],
  ['categories.0.name a number', inCategory({ name: 42 }), 'categories.0.name'],
  ['categories.0.name empty', inCategory({ name: '' }), 'categories.0.name'],
  ['categories.0.name only spaces', inCategory({ name: '   ' }), 'categories.0.name'],
  ['categories.0.name 61 characters', inCategory({ name: 'x'.repeat(61) }), 'categories.0.name'],
  ['categories.0.name with NUL', inCategory({ name: 'Rent\u0000' }), 'categories.0.name'],
  ['categories.0.name a lone surrogate', inCategory({ name: 'Rent \ud83d' }), 'categories.0.name'],
  ['categories.3.name a duplicate in another case', inCategory({ name: ' hOUSING ' }, 3), 'categories.3.name'],
  ['categories.0.group missing', categoryWithout('group'), 'categories.0.group'],
  ['categories.0.group unknown', inCategory({ group: 'fun' }), 'categories.0.group'],
  ['categories.0.group in capitals', inCategory({ group: 'NEEDS' }), 'categories.0.group'],
  ['categories.0.planned missing', categoryWithout('planned'), 'categories.0.planned'],
  ...money('categories.0.planned', (v) => inCategory({ planned: v })),
  ['categories.0.preset unknown', inCategory({ preset: 'rent' }), 'categories.0.preset'],
  ['categories.0.preset a number', inCategory({ preset: 1 }), 'categories.0.preset'],
  ['categories.4.preset already used', inCategory({ preset: 'housing' }, 4), 'categories.4.preset'],
];

const postOnly: Case[] = [
  ['month missing', without('month'), 'month'],
  ['month a number', set('month', 202611), 'month'],
  ['month 2026-13', set('month', '2026-13'), 'month'],
  ['month 2026-00', set('month', '2026-00'), 'month'],
  ['month 2026-1', set('month', '2026-1'), 'month'],
  ['month a day', set('month', '2026-11-01'), 'month'],
  ['month 1899-12', set('month', '1899-12'), 'month'],
  ['month 2200-01', set('month', '2200-01'), 'month'],
  ['month with NUL', set('month', '2026-11\u0000'), 'month'],
  ['categories missing', without('categories'), 'categories'],
  ['copy_from 2026-13', set('copy_from', '2026-13'), 'copy_from'],
  ['copy_from a number', set('copy_from', 202610), 'copy_from'],
  ['copy_from the month itself', set('copy_from', '2026-11'), 'copy_from'],
];

const putOnly: Case[] = [
  ['version missing', without('version'), 'version'],
  ['version a string', set('version', '1'), 'version'],
  ['version 0', set('version', 0), 'version'],
  ['version 1.5', set('version', 1.5), 'version'],
  ['version past int4', set('version', 2 ** 31), 'version'],
  ['categories.0.id malformed', inCategory({ id: 'abc' }), 'categories.0.id'],
  ['categories.0.id a number', inCategory({ id: 7 }), 'categories.0.id'],
  ['categories missing', without('categories'), 'categories'],
];

const expectRefused = (res: Awaited<ReturnType<typeof api.create>>, field: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(new Set(errorPaths(res))).toEqual(new Set([field]));
  const row = /^categories\.(\d+)\./.exec(field);
  expect(res.json().message).toMatch(row ? new RegExp(`^Row ${Number(row[1]) + 1}: `) : new RegExp(`^${field}: `));
};

describe('POST: each bad field is a 400 naming it, and nothing is saved', () => {
  it.each([...common, ...postOnly])('%s', async (_label, change, field) => {
    const { token } = await api.newUser();
    const body = structuredClone(NOVEMBER) as Record<string, unknown>;
    change(body);
    expectRefused(await api.create(token, body), field);
    expect((await api.list(token)).json().data).toEqual([]);
  });

  it('needs net_income and categories without copy_from, in words a person can act on', async () => {
    const { token } = await api.newUser();
    const res = await api.create(token, { month: '2026-11' });
    expect(res.json().errors).toEqual([
      { path: 'net_income', message: 'Net monthly income is required' },
      { path: 'categories', message: 'categories is required' },
    ]);
    const named = await api.create(token, { ...NOVEMBER, month: '2026-13', net_income: -5 });
    expect(named.json().errors).toEqual([
      { path: 'month', message: 'Month is not a real month' },
      { path: 'net_income', message: 'Net monthly income cannot be negative' },
    ]);
    const twice = await api.create(token, {
      ...NOVEMBER,
      categories: [...NOVEMBER.categories, { name: 'food', group: 'wants', planned: 1 }],
    });
    expect(twice.json()).toEqual({
      message: 'Row 7: Category name is already used in row 2',
      errors: [{ path: 'categories.6.name', message: 'Category name is already used in row 2' }],
    });
  });

  it("refuses names the database's lower() folds together though JavaScript does not ('İ' and 'i')", async () => {
    // 'İ'.toLowerCase() is 'i̇' (i and a combining dot); PostgreSQL's lower() gives 'i', so the
    // unique index would refuse the second row: a 400 naming it, never a 500.
    const { token } = await api.newUser();
    const categories = [
      { name: 'İnsurance', group: 'needs', planned: 1 },
      { name: 'insurance', group: 'needs', planned: 2 },
    ];
    const res = await api.create(token, { month: '2026-11', net_income: 10, categories });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'categories.1.name', message: 'Category name is already used in row 1' },
    ]);
    expect((await api.list(token)).json().data).toEqual([]);
  });

  it('validates the categories sent with copy_from too', async () => {
    const { token } = await api.userWithBudget();
    const res = await api.create(token, {
      month: '2026-12',
      copy_from: '2026-11',
      categories: [{ name: 'Rent', group: 'needs', planned: -1 }],
    });
    expectRefused(res, 'categories.0.planned');
    expect((await api.list(token)).json().data).toHaveLength(1);
  });
});

describe('PUT: each bad field is a 400 naming it, and nothing is saved', () => {
  it.each([...common, ...putOnly])('%s', async (_label, change, field) => {
    const { token, budget } = await api.userWithBudget();
    const body = {
      net_income: NOVEMBER.net_income,
      categories: NOVEMBER.categories.map((c, i) => ({ ...c, id: budget.categories[i].id })),
      version: 1,
    } as Record<string, unknown>;
    change(body);
    expectRefused(await api.update(token, budget.id, body), field);
    expect((await api.list(token)).json().data).toEqual([budget]);
  });

  it('refuses a category listed twice by its id', async () => {
    const { token, budget } = await api.userWithBudget();
    const [first] = budget.categories;
    const res = await api.update(token, budget.id, {
      net_income: 1,
      categories: [first, { ...first, id: first.id.toUpperCase(), name: 'Other name', preset: null }],
      version: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'categories.1.id', message: 'This category is already in row 1' }]);
  });
});
