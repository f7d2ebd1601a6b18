import { connectRequests } from '@helo/db/schema';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error). */
async function errorCode(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string }; code?: string }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
}

describe('connect_requests constraints', () => {
  const request = (userId: string) => ({
    userId,
    professionalsNeed: ['Accountant'],
    hasWorkingProfessional: true,
    satisfactionLevel: 'satisfied',
  });

  it.each([
    ['professionalsNeed', []],
    ['satisfactionLevel', 'ecstatic'],
  ])('refuses %s = %j written straight to the table (a CHECK, not only the API)', async (column, value) => {
    const { session } = await register(t());
    const db = t().database.db;
    expect(await errorCode(db.insert(connectRequests).values({ ...request(session.user.id), [column]: value }))).toBe(
      '23514',
    );
  });

  it('keeps one request per user (the unique key the 409 rests on)', async () => {
    const { session } = await register(t());
    const db = t().database.db;
    await db.insert(connectRequests).values(request(session.user.id));
    expect(await errorCode(db.insert(connectRequests).values(request(session.user.id)))).toBe('23505');
  });

  it('accepts every level and none', async () => {
    const db = t().database.db;
    for (const satisfactionLevel of ['very_dissatisfied', 'dissatisfied', 'satisfied', 'very_satisfied', null]) {
      const { session } = await register(t());
      await db.insert(connectRequests).values({ ...request(session.user.id), satisfactionLevel });
    }
  });
});
