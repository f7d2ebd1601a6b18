import { MAX_GOALS } from '@helo/contract/lifestyle-goals';
import { lifestyleGoals, notifications } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { GOAL_MILESTONE_KIND } from './goal-milestones.ts';
import { deposit, GOAL, goalRequests, withdrawal } from './goal-requests.test-helpers.ts';

/**
 * Writes that arrive together. On PostgreSQL (TEST_DATABASE_URL) the requests really run at once on
 * separate connections of the pool; on PGlite they take turns, and the same answers must come out.
 */
const t = useTestApp();
const api = goalRequests(t);
const ROUNDS = 4;

const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();
const bodies = (answers: { body: string }[]) => answers.map((r) => r.body).join('\n');

describe('concurrent writes to one goal', () => {
  it('two withdrawals that fit only one at a time: one 201, one 400 naming amount, and never below $0', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, goal } = await api.userWithGoal(); // $600
      const take = withdrawal(400);
      const answers = await Promise.all([api.addEntry(token, goal.id, take), api.addEntry(token, goal.id, take)]);
      expect(statuses(answers), bodies(answers)).toEqual([201, 400]);
      expect(answers.find((r) => r.statusCode === 400)?.json().errors).toEqual([
        { path: 'amount', message: 'You can withdraw at most $200.00, what this goal holds' },
      ]);
      expect((await api.getGoal(token, goal.id)).json().data).toMatchObject({ saved_amount: 200, version: 2 });
      expect((await api.listEntries(token, goal.id)).json().data).toHaveLength(1);
    }
  });

  it('a withdrawal and the delete of the deposit it needs: never both, never below $0', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, goal } = await api.userWithGoal({ ...GOAL, saved_amount: 0 });
      const d = await api.entry(token, goal.id, deposit(100));
      const answers = await Promise.all([
        api.addEntry(token, goal.id, withdrawal(100)),
        api.deleteEntry(token, goal.id, d.entry.id),
      ]);
      // Whichever came first wins; the other is refused (400 for the withdrawal, 409 for the delete).
      const codes = JSON.stringify(answers.map((r) => r.statusCode));
      expect(['[201,409]', '[400,200]'], bodies(answers)).toContain(codes);
      expect((await api.getGoal(token, goal.id)).json().data.saved_amount).toBe(0);
    }
  });

  it('deposits crossing a milestone together announce it once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, goal, userId } = await api.userWithGoal({ ...GOAL, saved_amount: 1000 });
      const answers = await Promise.all([1, 2, 3].map(() => api.addEntry(token, goal.id, deposit(200))));
      expect(statuses(answers), bodies(answers)).toEqual([201, 201, 201]);
      expect((await api.getGoal(token, goal.id)).json().data).toMatchObject({
        saved_amount: 1600,
        milestone_reached: 25,
        version: 4,
      });
      const announced = await t()
        .database.db.select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, GOAL_MILESTONE_KIND)));
      expect(announced.map((n) => n.title)).toEqual(['Japan trip: 25 % there']);
    }
  });

  it('two edits from the same version: one 200, one 409, and the goal is one of them whole', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, goal } = await api.userWithGoal();
      const answers = await Promise.all([
        api.updateGoal(token, goal.id, { ...GOAL, name: 'First', target_amount: 7000, version: 1 }),
        api.updateGoal(token, goal.id, { ...GOAL, name: 'Second', target_amount: 8000, version: 1 }),
      ]);
      expect(statuses(answers), bodies(answers)).toEqual([200, 409]);
      const saved = (await api.getGoal(token, goal.id)).json().data;
      const winner = answers.find((r) => r.statusCode === 200)?.json().data;
      expect(saved).toEqual(winner);
      expect([saved.name, saved.target_amount]).toEqual(saved.name === 'First' ? ['First', 7000] : ['Second', 8000]);
    }
  });

  it(`creates racing at ${MAX_GOALS - 1} goals: one 201, one 409, and ${MAX_GOALS} goals`, async () => {
    const { token, userId } = await api.newUser();
    for (let i = 0; i < MAX_GOALS - 1; i += 1) {
      expect((await api.createGoal(token, { ...GOAL, name: `Goal ${i}` })).statusCode).toBe(201);
    }
    const answers = await Promise.all([api.createGoal(token), api.createGoal(token)]);
    expect(statuses(answers), bodies(answers)).toEqual([201, 409]);
    const rows = await t().database.db.select().from(lifestyleGoals).where(eq(lifestyleGoals.userId, userId));
    expect(rows).toHaveLength(MAX_GOALS);
  });
});
