import { ENTRY_NOTE_MAX } from '@helo/contract/emergency-fund';
import { ledgerJournals } from '@helo/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { deposit, GOAL, goalRequests, withdrawal } from './goal-requests.test-helpers.ts';

const t = useTestApp();
const api = goalRequests(t);

interface Entry {
  id: string;
  kind: string;
  amount: number;
  date: string;
  note: string | null;
  created_at: string;
}

async function allEntries(token: string, goalId: string): Promise<Entry[]> {
  const res = await api.listEntries(token, goalId, '?limit=100');
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const savedOf = async (token: string, goalId: string): Promise<number> =>
  (await api.getGoal(token, goalId)).json().data.saved_amount;

describe("a goal's ledger", () => {
  it('records a deposit: 201 with the entry and the goal as it now stands', async () => {
    const { token, goal } = await api.userWithGoal();
    const res = await api.addEntry(token, goal.id, deposit(250.5, '2026-11-02', '  Birthday money  '));
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().message).toBe('Deposit recorded');
    const { entry, goal: after } = res.json().data;
    expect(entry).toEqual({
      id: expect.any(String),
      kind: 'deposit',
      amount: 250.5,
      date: '2026-11-02',
      note: 'Birthday money',
      created_at: t().clock.now().toISOString(),
    });
    expect(after).toMatchObject({
      starting_amount: 600,
      saved_amount: 850.5,
      progress_percent: 14.18,
      version: 2,
      status: 'on_track',
    });
    expect(await savedOf(token, goal.id)).toBe(850.5);
  });

  it('keeps saved = starting + deposits − withdrawals, per goal, also after deletes', async () => {
    const { token, goal } = await api.userWithGoal();
    t().clock.advance(1000); // created later, so listed after the first goal
    const other = (await api.createGoal(token, { ...GOAL, name: 'Car', kind: 'car', saved_amount: 0 })).json().data;
    const a = await api.entry(token, goal.id, deposit(500.25));
    await api.entry(token, goal.id, deposit(0.75, '2026-11-01'));
    const w = await api.entry(token, goal.id, withdrawal(300.1, '2026-11-15', 'Flights deposit refund'));
    expect(w.goal.saved_amount).toBe(600 + 500.25 + 0.75 - 300.1);
    await api.entry(token, other.id, deposit(42));
    const took = await api.addEntry(token, goal.id, withdrawal(0.01));
    expect(took.json().message).toBe('Withdrawal recorded');
    expect(await savedOf(token, goal.id)).toBe(800.89);
    expect(await savedOf(token, other.id)).toBe(42);
    const list = (await api.listGoals(token)).json().data.map((g: { saved_amount: number }) => g.saved_amount);
    expect(list).toEqual([800.89, 42]);
    // Deleting the withdrawal gives the money back; deleting a deposit takes it out.
    const afterDelete = await api.deleteEntry(token, goal.id, w.entry.id);
    expect(afterDelete.statusCode).toBe(200);
    expect(afterDelete.json()).toEqual({ message: 'Entry deleted', data: { goal: expect.any(Object) } });
    expect(afterDelete.json().data.goal.saved_amount).toBe(1100.99);
    await api.deleteEntry(token, goal.id, a.entry.id);
    expect(await savedOf(token, goal.id)).toBe(600.74);
    expect((await allEntries(token, goal.id)).map((e) => e.amount)).toEqual([0.01, 0.75]);
    expect((await allEntries(token, other.id)).map((e) => e.amount)).toEqual([42]);
  });

  it('refuses a withdrawal past what the goal holds with a 400 naming amount, and writes nothing', async () => {
    const { token, goal } = await api.userWithGoal();
    await api.entry(token, goal.id, deposit(20));
    const res = await api.addEntry(token, goal.id, withdrawal(620.01));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'amount', message: 'You can withdraw at most $620.00, what this goal holds' },
    ]);
    expect(await savedOf(token, goal.id)).toBe(620);
    expect(await allEntries(token, goal.id)).toHaveLength(1);
    // The whole balance can go.
    expect((await api.entry(token, goal.id, withdrawal(620))).goal.saved_amount).toBe(0);
  });

  it('refuses to delete a deposit that later withdrawals spent (409), and changes nothing', async () => {
    const { token, goal } = await api.userWithGoal({ ...GOAL, saved_amount: 0 });
    const d = await api.entry(token, goal.id, deposit(100));
    const w = await api.entry(token, goal.id, withdrawal(60));
    const res = await api.deleteEntry(token, goal.id, d.entry.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message:
        'This deposit can not be deleted: the goal would hold -$60.00. Delete the withdrawals that spent it first.',
    });
    expect(await savedOf(token, goal.id)).toBe(40);
    expect(await allEntries(token, goal.id)).toHaveLength(2);
    // In the other order both go.
    expect((await api.deleteEntry(token, goal.id, w.entry.id)).statusCode).toBe(200);
    expect((await api.deleteEntry(token, goal.id, d.entry.id)).json().data.goal.saved_amount).toBe(0);
  });

  it('refuses a deposit that would take the goal past $10 billion', async () => {
    const { token, goal } = await api.userWithGoal({
      ...GOAL,
      target_amount: 10_000_000_000,
      saved_amount: 10_000_000_000,
    });
    const res = await api.addEntry(token, goal.id, deposit(0.01));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'amount', message: 'A goal can hold at most $10,000,000,000.00' }]);
  });

  describe('validation of an entry: each bad field is a 400 naming it, and nothing is written', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['kind missing', { kind: undefined }, 'kind'],
      ['kind unknown', { kind: 'transfer' }, 'kind'],
      ['amount missing', { amount: undefined }, 'amount'],
      ['amount a string', { amount: '10' }, 'amount'],
      ['amount zero', { amount: 0 }, 'amount'],
      ['amount negative', { amount: -5 }, 'amount'],
      ['amount huge', { amount: 1e11 }, 'amount'],
      ['amount with three decimals', { amount: 1.001 }, 'amount'],
      ['date missing', { date: undefined }, 'date'],
      ['date not a date', { date: 'yesterday' }, 'date'],
      ['date two days ahead', { date: '2026-11-23' }, 'date'],
      ['note with NUL', { note: 'a\u0000b' }, 'note'],
      ['note too long', { note: 'x'.repeat(ENTRY_NOTE_MAX + 1) }, 'note'],
    ];
    it.each(cases)('%s', async (_name, change, field) => {
      const { token, goal } = await api.userWithGoal();
      const res = await api.addEntry(token, goal.id, { ...deposit(10), ...change });
      expect(res.statusCode).toBe(400);
      expect(new Set((res.json().errors as { path: string }[]).map((e) => e.path))).toEqual(new Set([field]));
      expect(await allEntries(token, goal.id)).toEqual([]);
      expect((await api.getGoal(token, goal.id)).json().data).toEqual(goal);
    });
  });

  it('pages the entries newest first, none twice or missed', async () => {
    const { token, goal } = await api.userWithGoal();
    for (let i = 0; i < 25; i += 1) {
      if (i % 4 === 0) t().clock.advance(1000);
      await api.entry(token, goal.id, deposit(1 + i, `2026-10-${String(10 + (i % 7)).padStart(2, '0')}`));
    }
    const seen: Entry[] = [];
    let cursor: string | null = null;
    do {
      const res = await api.listEntries(token, goal.id, cursor ? `?limit=10&cursor=${cursor}` : '?limit=10');
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().data);
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(new Set(seen.map((e) => e.id)).size).toBe(25);
    const key = (e: Entry) => `${e.date}|${e.created_at}|${e.id}`;
    expect(seen.map(key)).toEqual([...seen.map(key)].sort().reverse());
    const bad = await api.listEntries(token, goal.id, '?cursor=garbage');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'cursor', message: 'Cursor is not valid' }]);
    expect((await api.listEntries(token, goal.id, '?limit=101')).json().errors[0].path).toBe('limit');
  });

  it("never shows, adds to or deletes another user's entries: 404, as for an unknown or malformed id", async () => {
    const a = await api.userWithGoal();
    const aEntry = (await api.entry(a.token, a.goal.id, deposit(42, '2026-11-03', 'A secret note'))).entry;
    const b = await api.userWithGoal({ ...GOAL, name: 'B goal' });
    const bEntry = (await api.entry(b.token, b.goal.id, deposit(1))).entry;

    const list = await api.listEntries(b.token, a.goal.id);
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ message: 'Goal not found' });
    const add = await api.addEntry(b.token, a.goal.id, deposit(1000));
    expect(add.statusCode).toBe(404);
    expect((await api.addEntry(b.token, a.goal.id, withdrawal(42))).statusCode).toBe(404);
    expect((await api.deleteEntry(b.token, a.goal.id, aEntry.id)).statusCode).toBe(404);
    // A's entry through B's own goal is no entry of that goal.
    const crossed = await api.deleteEntry(b.token, b.goal.id, aEntry.id);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toEqual({ message: 'Entry not found' });
    // B's own entry named under A's goal is not found either.
    expect((await api.deleteEntry(a.token, a.goal.id, bEntry.id)).statusCode).toBe(404);
    // B's list shows B's entries only, even with A's entry as a cursor.
    const aCursor = Buffer.from(`2026-12-31|2026-11-21T12:00:00.000Z|${aEntry.id}`).toString('base64url');
    const bList = await api.listEntries(b.token, b.goal.id, `?cursor=${aCursor}`);
    expect(bList.json().data.map((e: Entry) => e.id)).toEqual([bEntry.id]);
    expect(bList.body).not.toContain('A secret note');

    expect(await savedOf(a.token, a.goal.id)).toBe(642);
    const rows = await t()
      .database.db.select()
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.id, aEntry.id), isNull(ledgerJournals.reversedById)));
    expect(rows).toHaveLength(1);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await api.listEntries(b.token, id)).statusCode).toBe(404);
      expect((await api.addEntry(b.token, id, deposit(1))).statusCode).toBe(404);
      expect((await api.deleteEntry(b.token, b.goal.id, id)).statusCode).toBe(404);
      expect((await api.deleteEntry(b.token, id, bEntry.id)).statusCode).toBe(404);
    }
    // B's own ids work.
    expect((await api.deleteEntry(b.token, b.goal.id, bEntry.id)).statusCode).toBe(200);
  });
});
