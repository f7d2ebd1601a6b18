import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { type SeededUser, seedEveryTable } from '../../../test/harness/seed-every-table.ts';
import { useTestApp } from '../../../test/test-app.ts';
import type { MailTransport } from '../../mail/dispatcher.ts';
import { USER_TABLES } from '../registry.ts';
import { readUserRows } from './account.repository.ts';
import { rowsMentioning } from './schema-scan.test-helpers.ts';

/**
 * The test: after an account is deleted, no table of the database keeps a row that names
 * the user (their id or address, in any text, uuid, JSON or array column), and the other user's rows
 * are exactly as before. The tables are listed from information_schema, so a new table that keeps a
 * deleted user's rows fails here without anyone adding it to a list.
 */
const sent: { to: string; subject: string }[] = [];
const recording: MailTransport = {
  async send(mail) {
    sent.push({ to: mail.to, subject: mail.subject });
  },
};
const getT = useTestApp({ mailTransport: recording });
let leaving: SeededUser;
let staying: SeededUser;

const everyRowOf = async (user: SeededUser) => {
  const out: Record<string, unknown[]> = {};
  for (const t of USER_TABLES) out[t.name] = await readUserRows(getT().database.db, t, user);
  return out;
};

beforeAll(async () => {
  [leaving, staying] = (await seedEveryTable(getT())) as [SeededUser, SeededUser];
  await getT().mailDispatcher?.kick();
});

it('the seed gives both users rows in every table that holds user data', async () => {
  for (const user of [leaving, staying]) {
    const rows = await everyRowOf(user);
    const empty = USER_TABLES.filter((t) => (rows[t.name]?.length ?? 0) === 0).map((t) => t.name);
    expect(empty, `tables seed-every-table.ts leaves empty for ${user.firstName}`).toEqual([]);
  }
});

it('deleting one account leaves no row of it in any table, and the other account as it was', async () => {
  const t = getT();
  const db = t.database.db;
  const otherBefore = await everyRowOf(staying);
  const mentionsBefore = await rowsMentioning(db, staying);
  expect((await rowsMentioning(db, leaving)).length).toBeGreaterThan(USER_TABLES.length);

  const res = await t.app.inject({
    method: 'DELETE',
    url: '/api/v1/account',
    headers: bearer(leaving.accessToken),
    payload: { password: leaving.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.mailDispatcher?.kick();

  // The goodbye mail went out, and its row went with it.
  expect(sent.filter((m) => m.to === leaving.email).at(-1)?.subject).toBe('Your Helo account was deleted');
  expect(await rowsMentioning(db, leaving)).toEqual([]);
  expect(await everyRowOf(staying)).toEqual(otherBefore);
  expect(await rowsMentioning(db, staying)).toEqual(mentionsBefore);
});

it('the scan finds a table that keeps a deleted user’s rows', async () => {
  const db = getT().database.db;
  await db.execute(sql`CREATE TABLE public.kept_by_mistake (owner uuid, payload jsonb)`);
  try {
    await db.execute(
      sql`INSERT INTO public.kept_by_mistake VALUES (${leaving.id}, ${JSON.stringify({ email: leaving.email })})`,
    );
    expect(await rowsMentioning(db, leaving)).toEqual([
      { table: 'public.kept_by_mistake', column: 'owner', rows: 1 },
      { table: 'public.kept_by_mistake', column: 'payload', rows: 1 },
    ]);
  } finally {
    await db.execute(sql`DROP TABLE public.kept_by_mistake`);
  }
});
