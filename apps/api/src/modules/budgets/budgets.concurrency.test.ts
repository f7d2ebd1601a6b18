import { userBudgets } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { budgetRequests, NOVEMBER } from './budget-requests.test-helpers.ts';

/**
 * Writes that arrive together. On PostgreSQL (TEST_DATABASE_URL) the requests really run at once on
 * separate connections of the pool; on PGlite they take turns, and the same answers must come out.
 */
const t = useTestApp();
const api = budgetRequests(t);
const ROUNDS = 4;

const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();
const bodies = (answers: { body: string }[]) => answers.map((r) => r.body).join('\n');

describe('concurrent writes to budgets', () => {
  it('two creates of one month at once: one 201, one 409 naming month, never a 500, and one budget', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, userId } = await api.newUser();
      const answers = await Promise.all([api.create(token), api.create(token, { ...NOVEMBER, net_income: 1 })]);
      expect(statuses(answers), bodies(answers)).toEqual([201, 409]);
      expect(answers.find((r) => r.statusCode === 409)?.json().errors).toEqual([
        { path: 'month', message: 'You already have a budget for November 2026' },
      ]);
      const rows = await t().database.db.select().from(userBudgets).where(eq(userBudgets.userId, userId));
      expect(rows).toHaveLength(1);
      expect((await api.list(token)).json().data[0].categories).toHaveLength(NOVEMBER.categories.length);
    }
  });

  it('two saves from the same version: one 200, one 409, and the budget is the winner whole', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, budget } = await api.userWithBudget();
      const keep = budget.categories.map(({ id, name, group, planned, preset }: Record<string, unknown>) => ({
        id,
        name,
        group,
        planned,
        preset,
      }));
      const one = { net_income: 1111, categories: keep.slice(0, 2), version: 1 };
      const two = { net_income: 2222, categories: [...keep, { name: 'New', group: 'wants', planned: 5 }], version: 1 };
      const answers = await Promise.all([api.update(token, budget.id, one), api.update(token, budget.id, two)]);
      expect(statuses(answers), bodies(answers)).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)?.json().data;
      expect(winner.version).toBe(2);
      expect((await api.list(token)).json().data).toEqual([winner]);
    }
  });

  it('a save and a delete at once: either the save lands and then the delete, or the save finds no budget', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, budget } = await api.userWithBudget();
      const answers = await Promise.all([
        api.update(token, budget.id, { net_income: 1, categories: [], version: 1 }),
        api.remove(token, budget.id),
      ]);
      expect(['[200,200]', '[404,200]'], bodies(answers)).toContain(JSON.stringify(answers.map((r) => r.statusCode)));
      expect((await api.list(token)).json().data).toEqual([]);
    }
  });

  it('copies of one month into two new months at once both succeed', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token } = await api.userWithBudget();
      const answers = await Promise.all([
        api.create(token, { month: '2026-12', copy_from: '2026-11' }),
        api.create(token, { month: '2027-01', copy_from: '2026-11' }),
      ]);
      expect(statuses(answers), bodies(answers)).toEqual([201, 201]);
      const months = (await api.list(token)).json().data.map((b: { categories: unknown[] }) => b.categories.length);
      expect(months).toEqual([6, 6, 6]);
    }
  });
});
