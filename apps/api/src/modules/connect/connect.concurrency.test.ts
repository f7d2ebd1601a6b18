import { connectRequests as connectTable, notifications, outboxMail } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { connectRequests, REQUEST } from './connect.test-helpers.ts';

/**
 * Saves that arrive together (a double click, two tabs). On PostgreSQL (TEST_DATABASE_URL) they
 * really run at once on separate connections; on PGlite they take turns, with the same answers.
 */
const t = useTestApp();
const api = connectRequests(t);
const ROUNDS = 4;

const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();

describe('concurrent saves of one advisor request', () => {
  it('two creates at once: one 201, one 409, never a 500; one request, one notification, one mail', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await api.user();
      const answers = await Promise.all([
        api.create(user.token, REQUEST),
        api.create(user.token, { ...REQUEST, professionals_need: ['Mortgage Broker'] }),
      ]);
      expect(statuses(answers), answers.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const db = t().database.db;
      expect(await db.select().from(connectTable).where(eq(connectTable.userId, user.userId))).toHaveLength(1);
      const notes = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.userId), eq(notifications.kind, 'advisor_request_received')));
      expect(notes).toHaveLength(1);
      const mails = (await db.select().from(outboxMail).where(eq(outboxMail.kind, 'advisor_request'))).filter((m) =>
        m.textBody.includes(user.email),
      );
      expect(mails).toHaveLength(1);
      // What was stored is what the winner was told.
      const winner = answers.find((r) => r.statusCode === 201)?.json().data;
      expect((await api.get(user.token)).json().data).toEqual(winner);
    }
  });

  it('two updates at once: both 200, and the request is one of the two, whole', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await api.user();
      await api.create(user.token);
      const first = {
        professionals_need: ['Accountant'],
        has_working_professional: true,
        satisfaction_level: 'satisfied',
      };
      const second = { professionals_need: ['Real Estate Agent', 'Mortgage Broker'], has_working_professional: false };
      const answers = await Promise.all([api.update(user.token, first), api.update(user.token, second)]);
      expect(statuses(answers), answers.map((r) => r.body).join('\n')).toEqual([200, 200]);
      const stored = (await api.get(user.token)).json().data;
      const shapes = [
        {
          professionals_need: first.professionals_need,
          has_working_professional: true,
          satisfaction_level: 'satisfied',
        },
        { professionals_need: second.professionals_need, has_working_professional: false, satisfaction_level: null },
      ];
      expect(shapes).toContainEqual({
        professionals_need: stored.professionals_need,
        has_working_professional: stored.has_working_professional,
        satisfaction_level: stored.satisfaction_level,
      });
    }
  });
});
