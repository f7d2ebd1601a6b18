import { ENTRY_NOTE_MAX } from '@helo/contract/emergency-fund';
import { ledgerJournals } from '@helo/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { fundRequests, SETUP } from './fund-requests.test-helpers.ts';

const t = useTestApp();
const api = fundRequests(t);

interface Entry {
  id: string;
  kind: string;
  amount: number;
  date: string;
  note: string | null;
  created_at: string;
}

// Today on the test clock: a fund set up today takes entries from today on.
const TODAY = '2026-11-21';
const deposit = (amount: number, date = TODAY, note?: string) => ({ kind: 'deposit', amount, date, note });
const withdrawal = (amount: number, date = TODAY, note?: string) => ({ kind: 'withdrawal', amount, date, note });
/** A fund set up on Nov 1, for entries dated earlier in November. */
const SET_UP_NOV_1 = { setUpOn: '2026-11-01' };

async function add(token: string, body: unknown) {
  const res = await api.addEntry(token, body);
  if (res.statusCode !== 201) throw new Error(`entry refused: ${res.statusCode} ${res.body}`);
  return res.json().data as { entry: Entry; fund: { saved_amount: number; starting_amount: number } };
}

async function allEntries(token: string): Promise<Entry[]> {
  const res = await api.listEntries(token, '?limit=100');
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const savedOf = async (token: string): Promise<number> => (await api.getFund(token)).json().data.saved_amount;

describe('the ledger', () => {
  it('records a deposit: 201 with the entry and the fund as it now stands', async () => {
    const { token } = await api.userWithFund(SETUP, SET_UP_NOV_1);
    const res = await api.addEntry(token, deposit(250.5, '2026-11-02', '  November paycheck  '));
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().message).toBe('Deposit recorded');
    const { entry, fund } = res.json().data;
    expect(entry).toEqual({
      id: expect.any(String),
      kind: 'deposit',
      amount: 250.5,
      date: '2026-11-02',
      note: 'November paycheck',
      created_at: '2026-11-21T12:00:00.000Z',
    });
    expect(fund).toMatchObject({ starting_amount: 1000, saved_amount: 1250.5, plan: { progress_percent: 10.42 } });
    expect((await api.getFund(token)).json().data.saved_amount).toBe(1250.5);
  });

  it('keeps saved = starting + deposits − withdrawals, also after a delete', async () => {
    const { token } = await api.userWithFund(SETUP, SET_UP_NOV_1);
    const a = await add(token, deposit(500.25));
    await add(token, deposit(0.75, '2026-11-01'));
    const w = await add(token, withdrawal(300.1, '2026-11-15', 'Car repair'));
    expect(w.fund.saved_amount).toBe(1000 + 500.25 + 0.75 - 300.1);
    expect((await api.call(token, 'POST', '/entries', withdrawal(0.01))).json().message).toBe('Withdrawal recorded');
    expect(await savedOf(token)).toBe(1200.89);
    // Deleting the withdrawal gives the money back to the fund; deleting a deposit takes it out.
    const afterDelete = await api.deleteEntry(token, w.entry.id);
    expect(afterDelete.statusCode).toBe(200);
    expect(afterDelete.json()).toEqual({ message: 'Entry deleted', data: { fund: expect.any(Object) } });
    expect(afterDelete.json().data.fund.saved_amount).toBe(1500.99);
    await api.deleteEntry(token, a.entry.id);
    expect(await savedOf(token)).toBe(1000.74);
    expect((await allEntries(token)).map((e) => e.amount)).toEqual([0.01, 0.75]);
  });

  it('refuses a withdrawal above the balance with a 400 naming amount, and writes nothing', async () => {
    const { token } = await api.userWithFund();
    await add(token, deposit(20));
    const res = await api.addEntry(token, withdrawal(1020.01));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'amount', message: 'You can withdraw at most $1,020.00, what the fund holds' },
    ]);
    expect(await savedOf(token)).toBe(1020);
    expect(await allEntries(token)).toHaveLength(1);
    // The whole balance can go.
    expect((await add(token, withdrawal(1020))).fund.saved_amount).toBe(0);
  });

  it('refuses to delete a deposit that later withdrawals spent (409), and changes nothing', async () => {
    const { token } = await api.userWithFund({ ...SETUP, is_saving: false });
    const d = await add(token, deposit(100));
    const w = await add(token, withdrawal(60));
    const res = await api.deleteEntry(token, d.entry.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This deposit can not be deleted: the fund would hold -$60.00. Delete the withdrawals that spent it first.',
    );
    expect(await savedOf(token)).toBe(40);
    expect(await allEntries(token)).toHaveLength(2);
    // In the other order both go.
    expect((await api.deleteEntry(token, w.entry.id)).statusCode).toBe(200);
    expect((await api.deleteEntry(token, d.entry.id)).json().data.fund.saved_amount).toBe(0);
  });

  it('answers 404 for an unknown or malformed entry id, and for entries without a fund', async () => {
    const { token } = await api.userWithFund();
    expect((await api.deleteEntry(token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await api.deleteEntry(token, 'not-an-id')).json()).toEqual({ message: 'Entry not found' });
    const nobody = (await register(t())).session.access_token;
    const post = await api.addEntry(nobody, deposit(5));
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe('No emergency fund yet');
    expect((await api.listEntries(nobody)).statusCode).toBe(404);
    expect((await api.deleteEntry(nobody, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  describe('PUT once entries exist: saved_amount is the balance now, a difference becomes a correction entry', () => {
    it('records a withdrawal or a deposit of the difference, dated today, and keeps the starting amount', async () => {
      const { token } = await api.userWithFund();
      await add(token, deposit(500));
      t().clock.advance(1000); // the correction is recorded after the deposit of the same day: listed first
      const down = await api.updateFund(token, { ...SETUP, saved_amount: 1200 });
      expect(down.statusCode).toBe(200);
      expect(down.json().data).toMatchObject({ starting_amount: 1000, saved_amount: 1200 });
      const [correction] = await allEntries(token);
      expect(correction).toMatchObject({
        kind: 'withdrawal',
        amount: 300,
        date: '2026-11-21',
        note: 'Corrected in setup',
      });

      t().clock.advance(1000); // recorded after the first correction, so listed before it
      const up = await api.updateFund(token, { ...SETUP, saved_amount: 1250.55 });
      expect(up.json().data.saved_amount).toBe(1250.55);
      expect((await allEntries(token))[0]).toMatchObject({
        kind: 'deposit',
        amount: 50.55,
        note: 'Corrected in setup',
      });
      // The same balance again adds nothing.
      await api.updateFund(token, { ...SETUP, saved_amount: 1250.55, monthly_saving: 10 });
      expect(await allEntries(token)).toHaveLength(3);
    });

    it("answering 'not saving' empties the fund through a correction", async () => {
      const { token } = await api.userWithFund();
      await add(token, deposit(99.99));
      t().clock.advance(1000);
      const res = await api.updateFund(token, { ...SETUP, is_saving: false, saved_amount: null });
      expect(res.json().data).toMatchObject({ is_saving: false, saved_amount: 0, starting_amount: 1000 });
      expect((await allEntries(token))[0]).toMatchObject({ kind: 'withdrawal', amount: 1099.99 });
    });

    it('keeps the sums after deleting the correction', async () => {
      const { token } = await api.userWithFund();
      await add(token, deposit(10));
      t().clock.advance(1000);
      await api.updateFund(token, { ...SETUP, saved_amount: 2000 });
      const [correction] = await allEntries(token);
      const res = await api.deleteEntry(token, correction?.id ?? '');
      expect(res.json().data.fund.saved_amount).toBe(1010);
    });
  });

  describe('validation of an entry: each bad field is a 400 naming it, and nothing is written', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['kind missing', { kind: undefined }, 'kind'],
      ['kind unknown', { kind: 'transfer' }, 'kind'],
      ['kind a number', { kind: 1 }, 'kind'],
      ['amount missing', { amount: undefined }, 'amount'],
      ['amount a string', { amount: '10' }, 'amount'],
      ['amount zero', { amount: 0 }, 'amount'],
      ['amount a tiny fraction of a cent', { amount: 5e-324 }, 'amount'],
      ['amount negative', { amount: -5 }, 'amount'],
      ['amount huge', { amount: 1e11 }, 'amount'],
      ['amount with three decimals', { amount: 1.001 }, 'amount'],
      ['date missing', { date: undefined }, 'date'],
      ['date a number', { date: 20261101 }, 'date'],
      ['date not a date', { date: 'yesterday' }, 'date'],
      ['date not on the calendar', { date: '2026-02-30' }, 'date'],
      ['date two days ahead', { date: '2026-11-23' }, 'date'],
      ['date the day before the fund was set up', { date: '2026-11-20' }, 'date'],
      ['note with NUL', { note: 'a\u0000b' }, 'note'],
      ['note too long', { note: 'x'.repeat(ENTRY_NOTE_MAX + 1) }, 'note'],
      ['note a number', { note: 5 }, 'note'],
    ];
    it.each(cases)('%s', async (_name, change, field) => {
      const { token } = await api.userWithFund();
      const res = await api.addEntry(token, { ...deposit(10), ...change });
      expect(res.statusCode).toBe(400);
      const paths = (res.json().errors as { path: string }[]).map((e) => e.path);
      expect(paths.length).toBeGreaterThan(0);
      expect(new Set(paths)).toEqual(new Set([field]));
      expect(await allEntries(token)).toEqual([]);
      expect(await savedOf(token)).toBe(1000);
    });

    it('takes tomorrow (a user east of New York), a timestamp as the day it names, and no note', async () => {
      const { token } = await api.userWithFund(SETUP, SET_UP_NOV_1);
      expect((await add(token, deposit(1, '2026-11-22'))).entry.date).toBe('2026-11-22');
      expect((await add(token, deposit(1, '2026-11-01T23:30:00.000Z'))).entry.date).toBe('2026-11-01');
      expect((await add(token, { kind: 'deposit', amount: 1, date: '2026-11-01', note: '   ' })).entry.note).toBeNull();
      expect((await add(token, { kind: 'deposit', amount: 1, date: '2026-11-01' })).entry.note).toBeNull();
    });

    it('refuses a day before the fund was set up, saying which day it was; takes that day itself', async () => {
      const { token } = await api.userWithFund(SETUP, SET_UP_NOV_1);
      // The fund says which day its entries start, for the form to say it before anything is sent.
      expect((await api.getFund(token)).json().data.entries_from).toBe('2026-11-01');
      for (const entry of [deposit(1, '2026-10-31'), withdrawal(1, '2025-11-05')]) {
        const res = await api.addEntry(token, entry);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          message: 'date: Date can not be before Nov 1, 2026, the day you set up the fund',
          errors: [{ path: 'date', message: 'Date can not be before Nov 1, 2026, the day you set up the fund' }],
        });
      }
      expect(await allEntries(token)).toEqual([]);
      // Set up at noon in New York: that whole day is the fund's first, the morning included.
      expect((await add(token, deposit(1, '2026-11-01'))).entry.date).toBe('2026-11-01');
      // A fund set up today takes today and (east of New York) tomorrow.
      const today = await api.userWithFund();
      expect((await add(today.token, deposit(1))).entry.date).toBe(TODAY);
      expect((await add(today.token, deposit(1, '2026-11-22'))).entry.date).toBe('2026-11-22');
    });

    it('takes the day the fund was set up as seen out west: 10:30 pm in California is tomorrow in New York', async () => {
      // 01:30 on Nov 2 in New York is 10:30 pm on Nov 1 in California.
      const { token } = await api.userWithFund(SETUP, { setUpAt: '2026-11-02T01:30:00-05:00' });
      expect((await api.getFund(token)).json().data.entries_from).toBe('2026-11-01');
      expect((await add(token, deposit(1, '2026-11-01'))).entry.date).toBe('2026-11-01');
      const res = await api.addEntry(token, deposit(1, '2026-10-31'));
      expect(res.json().errors).toEqual([
        { path: 'date', message: 'Date can not be before Nov 1, 2026, the day you set up the fund' },
      ]);
    });

    it('refuses a deposit that would take the fund past $10 billion', async () => {
      const { token } = await api.userWithFund({ ...SETUP, saved_amount: 10_000_000_000 });
      const res = await api.addEntry(token, deposit(0.01));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'amount', message: 'The fund can hold at most $10,000,000,000.00' }]);
    });
  });

  describe('GET /entries', () => {
    it('pages every entry newest first (date, then time recorded, then id), none twice or missed', async () => {
      const { token } = await api.userWithFund(SETUP, { setUpOn: '2026-10-01' });
      // 45 entries over 7 dates, several recorded in the same millisecond, so every tie-break is used.
      for (let i = 0; i < 45; i += 1) {
        if (i % 4 === 0) t().clock.advance(1000);
        await add(token, deposit(1 + i, `2026-10-${String(10 + (i % 7)).padStart(2, '0')}`));
      }
      const seen: Entry[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const res = await api.listEntries(token, cursor ? `?limit=20&cursor=${cursor}` : '?limit=20');
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        sizes.push(res.json().data.length);
        seen.push(...res.json().data);
        cursor = res.json().next_cursor;
      } while (cursor);
      expect(sizes).toEqual([20, 20, 5]);
      expect(new Set(seen.map((e) => e.id)).size).toBe(45);
      const key = (e: Entry) => `${e.date}|${e.created_at}|${e.id}`;
      expect(seen.map(key)).toEqual([...seen.map(key)].sort().reverse());
      // The default page is 20.
      const first = (await api.listEntries(token)).json();
      expect(first.data).toHaveLength(20);
      expect(first.next_cursor).toEqual(expect.any(String));
    });

    it('starts the next page after the cursor even when entries are added meanwhile', async () => {
      const { token } = await api.userWithFund(SETUP, SET_UP_NOV_1);
      for (const day of ['01', '02', '03']) await add(token, deposit(1, `2026-11-${day}`));
      const page1 = (await api.listEntries(token, '?limit=2')).json();
      expect(page1.data.map((e: Entry) => e.date)).toEqual(['2026-11-03', '2026-11-02']);
      await add(token, deposit(1, '2026-11-04'));
      const page2 = (await api.listEntries(token, `?limit=2&cursor=${page1.next_cursor}`)).json();
      expect(page2.data.map((e: Entry) => e.date)).toEqual(['2026-11-01']);
      expect(page2.next_cursor).toBeNull();
    });

    const encode = (s: string) => Buffer.from(s).toString('base64url');
    it.each([
      ['garbage', 'garbage'],
      ['a cursor of the notifications', encode('2026-11-21T12:00:00.000Z|00000000-0000-4000-8000-000000000000')],
      ['year zero', encode('0000-01-01|2026-11-21T12:00:00.000Z|00000000-0000-4000-8000-000000000000')],
      ['a day not on the calendar', encode('2026-02-30|2026-11-21T12:00:00.000Z|00000000-0000-4000-8000-000000000000')],
      ['a six-digit year', encode('2026-11-01|+275760-09-13T00:00:00.000Z|00000000-0000-4000-8000-000000000000')],
      ['a bad id', encode("2026-11-01|2026-11-21T12:00:00.000Z|1' OR '1'='1")],
    ])('refuses %s as a cursor with a 400 naming cursor', async (_name, cursor) => {
      const { token } = await api.userWithFund();
      const res = await api.listEntries(token, `?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'cursor', message: 'Cursor is not valid' }]);
    });

    it.each(['?limit=0', '?limit=101', '?limit=abc'])('refuses %s with a 400 naming limit', async (query) => {
      const { token } = await api.userWithFund();
      const res = await api.listEntries(token, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('limit');
    });
  });

  it("never shows or deletes another user's entries", async () => {
    const a = await api.userWithFund();
    const aEntry = (await add(a.token, deposit(42, TODAY, 'A secret note'))).entry;
    const b = await api.userWithFund({ ...SETUP, saved_amount: 5 });
    const bEntry = (await add(b.token, deposit(1))).entry;

    const list = await api.listEntries(b.token);
    expect(list.json().data.map((e: Entry) => e.id)).toEqual([bEntry.id]);
    expect(list.body).not.toContain('A secret note');
    // A's cursor in B's request shows B's entries only.
    const aCursor = Buffer.from(`2026-12-31|2026-11-21T12:00:00.000Z|${aEntry.id}`).toString('base64url');
    expect((await api.listEntries(b.token, `?cursor=${aCursor}`)).json().data.map((e: Entry) => e.id)).toEqual([
      bEntry.id,
    ]);

    const del = await api.deleteEntry(b.token, aEntry.id);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ message: 'Entry not found' });
    expect(await savedOf(a.token)).toBe(1042);
    const rows = await t()
      .database.db.select()
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.id, aEntry.id), isNull(ledgerJournals.reversedById)));
    expect(rows).toHaveLength(1);
    // B's own id works.
    expect((await api.deleteEntry(b.token, bEntry.id)).statusCode).toBe(200);
  });
});
