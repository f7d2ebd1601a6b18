import { emergencyFunds, notifications } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { fundRequests, SETUP } from './fund-requests.test-helpers.ts';

/**
 * Writes that arrive together. On PostgreSQL (TEST_DATABASE_URL) the requests really run at once on
 * separate connections of the pool; on PGlite they take turns, and the same answers must come out.
 */
const t = useTestApp();
const api = fundRequests(t);
const ROUNDS = 4;

const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();

describe('concurrent writes to one emergency fund', () => {
  it('two creates at once: one 201, one 409, never a 500, and one fund', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { session } = await register(t());
      const token = session.access_token;
      const answers = await Promise.all([
        api.createFund(token, SETUP),
        api.createFund(token, { ...SETUP, saved_amount: 5 }),
      ]);
      expect(statuses(answers), answers.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const funds = await t()
        .database.db.select()
        .from(emergencyFunds)
        .where(eq(emergencyFunds.userId, session.user.id));
      expect(funds).toHaveLength(1);
    }
  });

  it('two withdrawals that fit only one at a time: one 201, one 400 naming amount, and the fund never below $0', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token } = await api.userWithFund();
      const take = { kind: 'withdrawal', amount: 600, date: '2026-11-21' };
      const answers = await Promise.all([api.addEntry(token, take), api.addEntry(token, take)]);
      expect(statuses(answers), answers.map((r) => r.body).join('\n')).toEqual([201, 400]);
      const refused = answers.find((r) => r.statusCode === 400);
      expect(refused?.json().errors).toEqual([
        { path: 'amount', message: 'You can withdraw at most $400.00, what the fund holds' },
      ]);
      expect((await api.getFund(token)).json().data.saved_amount).toBe(400);
      expect((await api.listEntries(token)).json().data).toHaveLength(1);
    }
  });

  it('a withdrawal and the delete of the deposit it needs: never both, the fund never below $0', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token } = await api.userWithFund({ ...SETUP, is_saving: false });
      const deposit = (await api.addEntry(token, { kind: 'deposit', amount: 100, date: '2026-11-21' })).json().data;
      const answers = await Promise.all([
        api.addEntry(token, { kind: 'withdrawal', amount: 100, date: '2026-11-21' }),
        api.deleteEntry(token, deposit.entry.id),
      ]);
      // Whichever came first wins; the other is refused (400 for the withdrawal, 409 for the delete).
      const codes = JSON.stringify(answers.map((r) => r.statusCode));
      expect(['[201,409]', '[400,200]'], answers.map((r) => r.body).join('\n')).toContain(codes);
      expect((await api.getFund(token)).json().data.saved_amount).toBe(0);
    }
  });

  it('deposits crossing a milestone together announce it once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, userId } = await api.userWithFund({ ...SETUP, saved_amount: 2000 });
      const step = { kind: 'deposit', amount: 600, date: '2026-11-21' };
      const answers = await Promise.all([
        api.addEntry(token, step),
        api.addEntry(token, step),
        api.addEntry(token, step),
      ]);
      expect(statuses(answers)).toEqual([201, 201, 201]);
      const fund = (await api.getFund(token)).json().data;
      expect(fund).toMatchObject({ saved_amount: 3800, milestone_reached: 25 });
      const announced = await t()
        .database.db.select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'emergency_fund_milestone')));
      expect(announced.map((n) => n.title)).toEqual(['Emergency fund: 25 % there']);
    }
  });
});
