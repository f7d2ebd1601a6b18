import { walletTransactionTags } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { importRequests } from './import/import-requests.test-helpers.ts';
import { addTag, editTransaction, removeTag } from './index.ts';
import { BASE, errorPaths, spend, TODAY, walletRequests } from './wallet-requests.test-helpers.ts';

const t = useTestApp();
const api = walletRequests(t);
const imports = importRequests(t);
const NOW = new Date('2026-11-21T12:00:00.000Z');

describe('tags', () => {
  it('keeps a transaction’s tags trimmed, once in any case, sorted, as the user first spelled them', async () => {
    const { token } = await api.activeUser();
    const first = await api.ok(api.add(token, spend(-10, 'Hotel', { tags: ['  Vacation ', 'work', 'VACATION'] })));
    expect(first.tags).toEqual(['Vacation', 'work']);
    // "vacation" on another transaction is the user's "Vacation".
    const second = await api.ok(api.add(token, spend(-5, 'Taxi', { tags: ['vacation', 'Airport'] })));
    expect(second.tags).toEqual(['Airport', 'Vacation']);
    const listed = (await api.list(token)).json().data as { payee: string; tags: string[] }[];
    expect(Object.fromEntries(listed.map((r) => [r.payee, r.tags]))).toEqual({
      Taxi: ['Airport', 'Vacation'],
      Hotel: ['Vacation', 'work'],
    });
    const tags = await api.call(token, 'GET', `${BASE}/tags`);
    expect(tags.statusCode).toBe(200);
    expect(tags.json().data).toEqual([
      { tag: 'Airport', count: 1 },
      { tag: 'Vacation', count: 2 },
      { tag: 'work', count: 1 },
    ]);
  });

  it('PUT replaces the tags when sent and leaves them when absent; a deleted transaction is in no count', async () => {
    const { token } = await api.activeUser();
    const tx = await api.ok(api.add(token, spend(-10, 'Hotel', { tags: ['Trip'] })));
    const kept = await api.ok(api.save(token, tx.id, { ...spend(-11, 'Hotel'), version: 1 }));
    expect(kept.tags).toEqual(['Trip']);
    const replaced = await api.ok(api.save(token, tx.id, { ...spend(-11, 'Hotel'), version: 2, tags: ['Work'] }));
    expect(replaced.tags).toEqual(['Work']);
    const cleared = await api.ok(api.save(token, tx.id, { ...spend(-11, 'Hotel'), version: 3, tags: [] }));
    expect(cleared.tags).toEqual([]);
    await api.ok(api.save(token, tx.id, { ...spend(-11, 'Hotel'), version: 4, tags: ['Work'] }));
    expect((await api.ok(api.call(token, 'GET', `${BASE}/tags`))).map((r: { count: number }) => r.count)).toEqual([1]);
    await api.ok(api.remove(token, tx.id));
    expect(await api.ok(api.call(token, 'GET', `${BASE}/tags`))).toEqual([]);
  });

  it('refuses an empty tag, one past 40 characters, a comma, and more than 20, naming the field', async () => {
    const { token } = await api.activeUser();
    for (const [tags, path] of [
      [['  '], 'tags.0'],
      [['ok', 'x'.repeat(41)], 'tags.1'],
      [['a,b'], 'tags.0'],
      [Array.from({ length: 21 }, (_, i) => `t${i}`), 'tags'],
      [['nul\u0000'], 'tags.0'],
    ] as const) {
      const res = await api.add(token, spend(-1, 'Gum', { tags }));
      expect(res.statusCode, JSON.stringify(tags)).toBe(400);
      expect(errorPaths(res)).toContain(path);
    }
    expect(await api.ok(api.add(token, spend(-1, 'Gum', { tags: ['x'.repeat(40)] })))).toMatchObject({
      tags: ['x'.repeat(40)],
    });
  });

  it('filters the list by a tag in any case; another user sees none of it and gets 404s', async () => {
    const a = await api.activeUser();
    const b = await api.activeUser();
    const hotel = await api.ok(api.add(a.token, spend(-100, 'Hotel', { tags: ['Trip'] })));
    await api.ok(api.add(a.token, spend(-3, 'Coffee')));
    const page = (await api.list(a.token, '?tag=tRiP')).json();
    expect(page.data.map((r: { id: string }) => r.id)).toEqual([hotel.id]);
    expect((await api.list(b.token, '?tag=Trip')).json().data).toEqual([]);
    expect(await api.ok(api.call(b.token, 'GET', `${BASE}/tags`))).toEqual([]);
    const theirs = await api.save(b.token, hotel.id, { ...spend(-1, 'Mine'), version: 1, tags: ['Stolen'] });
    expect(theirs.statusCode).toBe(404);
    expect((await api.list(a.token, '?tag=Trip')).json().data[0].tags).toEqual(['Trip']);
  });

  it('addTag and removeTag change many transactions at once, at most 20 tags each', async () => {
    const { token, userId } = await api.activeUser();
    const one = await api.ok(api.add(token, spend(-1, 'One', { tags: ['Old'] })));
    const two = await api.ok(api.add(token, spend(-2, 'Two')));
    const db = t().database.db;
    await db.transaction((tx) => addTag(tx, userId, [one.id, two.id], 'old', NOW));
    expect((await api.list(token, '?tag=OLD')).json().data).toHaveLength(2);
    expect((await api.list(token)).json().data.map((r: { tags: string[] }) => r.tags)).toEqual([['Old'], ['Old']]);
    expect(await db.transaction((tx) => removeTag(tx, userId, [one.id, two.id], 'OLD'))).toBe(2);
    const full = await api.ok(
      api.add(token, spend(-3, 'Full', { tags: Array.from({ length: 20 }, (_, i) => `t${i}`) })),
    );
    await expect(db.transaction((tx) => addTag(tx, userId, [two.id, full.id], 'More', NOW))).rejects.toMatchObject({
      statusCode: 400,
    });
    expect((await api.list(token, '?tag=More')).json().data).toEqual([]);
    const rows = await db.select().from(walletTransactionTags).where(eq(walletTransactionTags.userId, userId));
    expect(rows).toHaveLength(20);
  });
});

describe('splits', () => {
  it('splits a purchase across categories exactly; the summary counts each part in its own category', async () => {
    const { token } = await api.activeUser();
    await api.budget(token);
    const tx = await api.ok(
      api.add(
        token,
        spend(-120.5, 'Costco', {
          splits: [
            { category: 'food', amount: -80.25 },
            { category: 'Housing', amount: -30 },
            { category: 'Food', amount: -10.25 },
          ],
        }),
      ),
    );
    // Equal categories are one part.
    expect(tx).toMatchObject({
      category: 'Split',
      amount: -120.5,
      splits: [
        { category: 'Food', amount: -90.5 },
        { category: 'Housing', amount: -30 },
      ],
    });
    const summary = (await api.ok(api.summary(token))) as { categories: { name: string; spent: number }[] };
    expect(summary.categories.find((c) => c.name === 'Food')?.spent).toBe(90.5);
    expect(summary.categories.find((c) => c.name === 'Housing')?.spent).toBe(30);
    expect(summary).toMatchObject({ total_spent: 120.5 });
    // Home's budget figure (My Budget's spent) counts the same.
    const home = await api.ok(api.call(token, 'GET', '/api/v1/home'));
    expect(home.budget.spent).toBe(120.5);
    // A category filter finds it by any of its parts.
    for (const category of ['Food', 'housing']) {
      expect((await api.list(token, `?category=${category}`)).json().data.map((r: { id: string }) => r.id)).toEqual([
        tx.id,
      ]);
    }
    expect((await api.list(token, '?category=Dining%20Out')).json().data).toEqual([]);
    // Filed under one category again on a save without splits.
    const one = await api.ok(api.save(token, tx.id, { ...spend(-120.5, 'Costco', { category: 'Food' }), version: 1 }));
    expect(one).toMatchObject({ category: 'Food', splits: null });
    const after = (await api.ok(api.summary(token))) as { categories: { name: string; spent: number }[] };
    expect(after.categories.find((c) => c.name === 'Housing')?.spent).toBe(0);
  });

  it('splits money in too (a refund and income), and a PUT with parts splits a plain one', async () => {
    const { token } = await api.activeUser();
    await api.budget(token);
    const back = await api.ok(
      api.add(
        token,
        spend(100, 'Returns', {
          splits: [
            { category: 'Food', amount: 40 },
            { category: 'Uncategorized', amount: 60 },
          ],
        }),
      ),
    );
    expect(back.splits).toEqual([
      { category: 'Food', amount: 40 },
      { category: 'Uncategorized', amount: 60 },
    ]);
    const summary = await api.ok(api.summary(token));
    // The Food part is a refund (spending less $40); the Uncategorized part is income.
    expect(summary).toMatchObject({ income: 60, total_spent: -40 });
    const plain = await api.ok(api.add(token, spend(-10, 'Gum')));
    const split = await api.ok(
      api.save(token, plain.id, {
        ...spend(-10, 'Gum'),
        version: 1,
        splits: [
          { category: 'Food', amount: -4 },
          { category: 'Dining Out', amount: -6 },
        ],
      }),
    );
    expect(split).toMatchObject({ id: plain.id, category: 'Split', version: 2 });
  });

  it('refuses parts that do not add up, saying by how much, and parts signed unlike the whole', async () => {
    const { token } = await api.activeUser();
    await api.budget(token);
    const more = await api.add(
      token,
      spend(-50, 'Store', {
        splits: [
          { category: 'Food', amount: -40 },
          { category: 'Housing', amount: -20 },
        ],
      }),
    );
    expect(more.statusCode).toBe(400);
    expect(more.json().errors).toEqual([
      { path: 'splits', message: 'The parts add up to $60.00: $10.00 more than the amount' },
    ]);
    const less = await api.add(
      token,
      spend(-50, 'Store', {
        splits: [
          { category: 'Food', amount: -40 },
          { category: 'Housing', amount: -9.99 },
        ],
      }),
    );
    expect(less.json().errors).toEqual([
      { path: 'splits', message: 'The parts add up to $49.99: $0.01 less than the amount' },
    ]);
    const signs = await api.add(
      token,
      spend(-50, 'Store', {
        splits: [
          { category: 'Food', amount: -60 },
          { category: 'Housing', amount: 10 },
        ],
      }),
    );
    expect(errorPaths(signs)).toEqual(['splits.1.amount']);
    const oneBad = await api.add(
      token,
      spend(-50, 'Store', {
        splits: [
          { category: 'Food', amount: -25 },
          { category: 'Nope', amount: -25 },
        ],
      }),
    );
    expect(errorPaths(oneBad)).toEqual(['splits.1.category']);
    const single = await api.add(token, spend(-50, 'Store', { splits: [{ category: 'Food', amount: -50 }] }));
    expect(errorPaths(single)).toEqual(['splits']);
    expect((await api.list(token)).json().data).toEqual([]);
  });
});

describe('editTransaction', () => {
  it('changes a category, payee or splits as PUT does, keeping date, note, tags and the bank’s description', async () => {
    const { token, userId } = await api.activeUser();
    await api.budget(token);
    const file = await imports.upload(
      token,
      'bank.csv',
      'Date,Description,Amount\n11/20/2026,TRADER JOE S #552 SAN FRANCISCO CA,-45.67\n',
    );
    await imports.commit(token, file.json().data.id);
    const [row] = (await api.list(token)).json().data;
    expect(row).toMatchObject({ payee: "Trader Joe's", original_payee: 'TRADER JOE S #552 SAN FRANCISCO CA' });
    await api.ok(
      api.save(token, row.id, {
        ...spend(-45.67, "Trader Joe's"),
        date: '2026-11-20',
        note: 'weekly',
        version: 1,
        tags: ['Home'],
      }),
    );
    const db = t().database.db;
    const journalId = await db.transaction((tx) =>
      editTransaction(tx, userId, row.id, { category: 'Food', payee: 'TJ' }, NOW),
    );
    expect(journalId).toMatch(/^[0-9a-f-]{36}$/);
    const [edited] = (await api.list(token)).json().data;
    expect(edited).toMatchObject({
      id: row.id,
      payee: 'TJ',
      original_payee: 'TRADER JOE S #552 SAN FRANCISCO CA',
      category: 'Food',
      note: 'weekly',
      date: '2026-11-20',
      tags: ['Home'],
      version: 3,
    });
    await db.transaction((tx) =>
      editTransaction(
        tx,
        userId,
        row.id,
        {
          splits: [
            { category: 'Food', amountCents: -4000 },
            { category: 'Housing', amountCents: -567 },
          ],
        },
        NOW,
      ),
    );
    expect((await api.list(token)).json().data[0]).toMatchObject({
      payee: 'TJ',
      category: 'Split',
      splits: [
        { category: 'Food', amount: -40 },
        { category: 'Housing', amount: -5.67 },
      ],
    });
    await expect(
      db.transaction((tx) =>
        editTransaction(
          tx,
          userId,
          row.id,
          {
            splits: [
              { category: 'Food', amountCents: -4000 },
              { category: 'Food', amountCents: -500 },
            ],
          },
          NOW,
        ),
      ),
    ).rejects.toMatchObject({ statusCode: 400, errors: [{ path: 'splits' }] });
    await expect(
      db.transaction((tx) => editTransaction(tx, userId, row.id, { category: 'Nope' }, NOW)),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      db.transaction((tx) => editTransaction(tx, userId, row.id, { payee: ' line\nbreak ' }, NOW)),
    ).rejects.toMatchObject({ statusCode: 400, errors: [{ path: 'payee' }] });
    const other = await api.activeUser();
    await expect(
      db.transaction((tx) => editTransaction(tx, other.userId, row.id, { category: 'Food' }, NOW)),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses a transfer with a 409', async () => {
    const { token, userId } = await api.activeUser();
    const savings = await api.ok(api.addAccount(token, { name: 'Savings', kind: 'savings' }));
    const [wallet] = await api.accounts(token);
    const transfer = await api.ok(
      api.call(token, 'POST', `${BASE}/transfers`, {
        from_account_id: wallet?.id,
        to_account_id: savings.id,
        amount: 5,
        date: TODAY,
      }),
    );
    await expect(
      t().database.db.transaction((tx) => editTransaction(tx, userId, transfer.id, { category: 'Food' }, NOW)),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('merchant names and the bank’s description', () => {
  it('an imported row shows the merchant name; the bank’s words are searchable and stay through a rename', async () => {
    const { token } = await api.activeUser();
    const file = await imports.upload(
      token,
      'bank.csv',
      'Date,Description,Amount\n11/19/2026,SQ *BLUE BOTTLE COFFEE OAKLAND CA,-5.75\n11/20/2026,Corner Shop,-2.00\n',
    );
    await imports.commit(token, file.json().data.id);
    const rows = (await api.list(token)).json().data;
    expect(rows.map((r: { payee: string; original_payee: string | null }) => [r.payee, r.original_payee])).toEqual([
      ['Corner Shop', null],
      ['Blue Bottle Coffee', 'SQ *BLUE BOTTLE COFFEE OAKLAND CA'],
    ]);
    const byBank = (await api.list(token, '?q=oakland')).json().data;
    expect(byBank.map((r: { payee: string }) => r.payee)).toEqual(['Blue Bottle Coffee']);
    const coffee = rows[1];
    const renamed = await api.ok(
      api.save(token, coffee.id, { ...spend(-5.75, 'Coffee'), date: '2026-11-19', version: 1 }),
    );
    expect(renamed).toMatchObject({ payee: 'Coffee', original_payee: 'SQ *BLUE BOTTLE COFFEE OAKLAND CA' });
    expect((await api.list(token, '?q=OAKLAND')).json().data.map((r: { id: string }) => r.id)).toEqual([coffee.id]);
    // The same file again adds nothing: its rows are known by the bank's words.
    const again = await imports.upload(
      token,
      'bank-again.csv',
      'Date,Description,Amount\n11/19/2026,SQ *BLUE BOTTLE COFFEE OAKLAND CA,-5.75\n11/20/2026,Corner Shop,-2.00\n',
    );
    expect(again.json().data.duplicates).toBe(2);
  });
});
