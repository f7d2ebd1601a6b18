import { walletEdits, walletRules, walletTransactionTags } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../../ledger/testing.ts';
import { importRequests } from '../import/import-requests.test-helpers.ts';
import { errorPaths, spend, walletRequests } from '../wallet-requests.test-helpers.ts';
import { NO_APPLICATION, UNDONE_ALREADY } from './rules.service.ts';

/** My Wallet's rules (issue 29 item 1; decisions.md "Rules: order and what wins"). */

const t = useTestApp();
const api = walletRequests(t);
const imports = importRequests(t);
const RULES = '/api/v1/rules';

interface Row {
  id: string;
  tags: string[];
  account_id: string;
  payee: string;
  amount: number;
  category: string;
  kind: string;
  version: number;
}

const BUDGET = {
  month: '2026-11',
  net_income: 4000,
  categories: [
    { name: 'Groceries', group: 'needs', planned: 400 },
    { name: 'Dining', group: 'wants', planned: 120 },
    { name: 'Household', group: 'needs', planned: 100 },
  ],
};

const payeeContains = (value: string) => ({ field: 'payee', op: 'contains', value });
const fileUnder = (category: string) => ({ type: 'set_category', category });
const rule = (name: string, conditions: unknown[], actions: unknown[]) => ({ name, conditions, actions });

async function user() {
  const u = await api.activeUser();
  await api.budget(u.token, BUDGET);
  return u;
}
const addRule = async (token: string, body: unknown) =>
  (await api.ok(api.call(token, 'POST', RULES, body))) as { id: string; version: number; position: number };
const list = async (token: string) => (await api.ok(api.list(token, '?limit=100'))) as Row[];
const byPayee = async (token: string, payee: string) => (await list(token)).find((r) => r.payee === payee) as Row;
const preview = (token: string, body: unknown) => api.call(token, 'POST', `${RULES}/preview`, body);
const apply = (token: string, id: string) => api.call(token, 'POST', `${RULES}/${id}/apply`);
const undo = (token: string, id: string) => api.call(token, 'POST', `${RULES}/applications/${id}/undo`);
const csv = (rows: [string, string, string][]) =>
  `Date,Description,Amount\n${rows.map(([d, p, a]) => `${d},${p},${a}`).join('\n')}\n`;

describe('the list of rules', () => {
  it('adds rules at the end, saves from the version read, reorders and deletes', async () => {
    const { token } = await user();
    const a = await addRule(token, rule('Joe', [payeeContains('trader joe')], [fileUnder('groceries')]));
    const b = await addRule(token, rule('Cafe', [payeeContains('cafe')], [fileUnder('Dining')]));
    expect([a.position, b.position]).toEqual([1, 2]);
    const listed = await api.ok(api.call(token, 'GET', RULES));
    // Stored as the budget spells the category.
    expect(listed[0].actions).toEqual([{ type: 'set_category', category: 'Groceries' }]);
    const saved = await api.ok(
      api.call(token, 'PUT', `${RULES}/${a.id}`, {
        ...rule('Joe', [payeeContains('joe')], [fileUnder('Dining')]),
        version: 1,
      }),
    );
    expect(saved.version).toBe(2);
    const stale = await api.call(token, 'PUT', `${RULES}/${a.id}`, {
      ...rule('x', [payeeContains('x')], [fileUnder('Dining')]),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const ordered = await api.ok(api.call(token, 'POST', `${RULES}/order`, { ids: [b.id, a.id] }));
    expect(ordered.map((r: { id: string; position: number }) => [r.id, r.position])).toEqual([
      [b.id, 1],
      [a.id, 2],
    ]);
    const partial = await api.call(token, 'POST', `${RULES}/order`, { ids: [a.id] });
    expect(partial.statusCode).toBe(400);
    expect(errorPaths(partial)).toEqual(['ids']);
    expect((await api.call(token, 'DELETE', `${RULES}/${b.id}`)).statusCode).toBe(200);
    const left = await api.ok(api.call(token, 'GET', RULES));
    expect(left.map((r: { id: string; position: number }) => [r.id, r.position])).toEqual([[a.id, 1]]);
  });

  it('names the bad fields: a category not in the budget, an account not the user’s, a bad condition', async () => {
    const { token } = await user();
    const res = await api.call(
      token,
      'POST',
      RULES,
      rule(
        'Bad',
        [{ field: 'account', op: 'is', account_id: '00000000-0000-4000-8000-000000000000' }],
        [fileUnder('Travel'), { type: 'transfer', account_id: 'nope' }],
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'conditions.0.account_id', message: expect.any(String) },
      {
        path: 'actions.0.category',
        message: "Category must be one of this month's budget categories or Uncategorized",
      },
      { path: 'actions.1.account_id', message: expect.any(String) },
    ]);
    const shape = await api.call(token, 'POST', RULES, {
      name: 'x',
      conditions: [{ field: 'amount', op: 'between', min: 50 }],
      actions: [{ type: 'split', by: 'percentages', parts: [{ category: 'Groceries', percent: 60 }] }],
    });
    expect(shape.statusCode).toBe(400);
    expect(errorPaths(shape)).toEqual(expect.arrayContaining(['conditions.0.max', 'actions.0.parts']));
    const tooMany = await api.call(
      token,
      'POST',
      RULES,
      rule('x', Array(11).fill(payeeContains('a')), [fileUnder('Dining')]),
    );
    expect(errorPaths(tooMany)).toEqual(['conditions']);
  });

  it('keeps at most 500 rules (409 past it)', async () => {
    const { token, userId } = await user();
    const db = t().database.db;
    await db.insert(walletRules).values(
      Array.from({ length: 500 }, (_, i) => ({
        userId,
        position: i + 1,
        name: `r${i}`,
        conditions: [payeeContains(`p${i}`)],
        actions: [fileUnder('Groceries')],
      })),
    );
    const res = await api.call(token, 'POST', RULES, rule('one more', [payeeContains('x')], [fileUnder('Dining')]));
    expect(res.statusCode).toBe(409);
  });

  it("another user's rule or application is a 404", async () => {
    const a = await user();
    const b = await user();
    await api.add(a.token, spend(-5, 'Cafe Roma'));
    const r = await addRule(a.token, rule('Cafe', [payeeContains('cafe')], [fileUnder('Dining')]));
    const applied = await api.ok(apply(a.token, r.id));
    const body = { ...rule('x', [payeeContains('x')], [fileUnder('Dining')]), version: 1 };
    expect((await api.call(b.token, 'PUT', `${RULES}/${r.id}`, body)).statusCode).toBe(404);
    expect((await api.call(b.token, 'DELETE', `${RULES}/${r.id}`)).statusCode).toBe(404);
    expect((await apply(b.token, r.id)).statusCode).toBe(404);
    expect((await undo(b.token, applied.application_id)).statusCode).toBe(404);
    expect((await api.ok(api.call(b.token, 'GET', RULES))).length).toBe(0);
    expect((await api.call(a.token, 'DELETE', `${RULES}/not-a-uuid`)).statusCode).toBe(404);
  });
});

describe('one undo for rules and bulk edits', () => {
  it("an application is an edit of kind 'rule.apply' naming its rule; a bulk edit's id is no application", async () => {
    const { token, userId } = await user();
    const roma = await api.ok(api.add(token, spend(-5, 'Cafe Roma')));
    const r = await addRule(token, rule('Cafe', [payeeContains('cafe')], [fileUnder('Dining')]));
    const applied = await api.ok(apply(token, r.id));
    const [edit] = await t()
      .database.db.select()
      .from(walletEdits)
      .where(and(eq(walletEdits.userId, userId), eq(walletEdits.id, applied.application_id)));
    expect(edit).toMatchObject({ kind: 'rule.apply', ruleId: r.id, undoneAt: null });
    const bulk = await api.ok(
      api.call(token, 'POST', '/api/v1/wallet/transactions/bulk', {
        ids: [roma.id],
        action: { type: 'add_tag', tag: 'later' },
      }),
    );
    const notApplication = await undo(token, bulk.edit_id);
    expect([notApplication.statusCode, notApplication.json().message]).toEqual([404, NO_APPLICATION]);
    // The rule deleted, its application is still undone; a second undo is a 409 in the rules' words.
    await api.ok(api.call(token, 'DELETE', `${RULES}/${r.id}`));
    expect(await api.ok(undo(token, applied.application_id))).toEqual({ restored: 1, skipped: 0 });
    const again = await undo(token, applied.application_id);
    expect([again.statusCode, again.json().message]).toEqual([409, UNDONE_ALREADY]);
    expect(await byPayee(token, 'Cafe Roma')).toMatchObject({ category: 'Uncategorized', tags: ['later'] });
  });
});

describe('conditions, through the preview', () => {
  it('each condition picks the transactions it should, and the preview counts them', async () => {
    const { token } = await user();
    const [wallet] = await api.accounts(token);
    const savings = await api.ok(api.addAccount(token, { name: 'Savings', kind: 'savings', balance: 100 }));
    await api.add(token, spend(-42.5, 'TRADER JOE S #552'));
    await api.add(token, spend(-12, 'Trader Joes'));
    await api.add(token, spend(-80, 'Safeway'));
    await api.add(token, spend(25, 'Refund Safeway'));
    await api.add(token, spend(-7, 'Cafe', { account_id: savings.id }));
    const names = async (conditions: unknown[]) => {
      const res = await preview(token, { conditions, actions: [fileUnder('Groceries')] });
      if (res.statusCode !== 200) throw new Error(res.body);
      const data = res.json().data;
      expect(data.count).toBe(data.transactions.length);
      return data.transactions.map((m: { payee: string }) => m.payee).sort();
    };
    expect(await names([payeeContains('TRADER')])).toEqual(['TRADER JOE S #552', 'Trader Joes']);
    expect(await names([{ field: 'payee', op: 'starts_with', value: 'refund' }])).toEqual(['Refund Safeway']);
    expect(await names([{ field: 'payee', op: 'equals', value: 'safeway' }])).toEqual(['Safeway']);
    expect(await names([{ field: 'original_description', op: 'contains', value: '#552' }])).toEqual([
      'TRADER JOE S #552',
    ]);
    expect(await names([{ field: 'original_description', op: 'equals', value: 'trader joes' }])).toEqual([
      'Trader Joes',
    ]);
    expect(await names([{ field: 'amount', op: 'equals', value: 42.5 }])).toEqual(['TRADER JOE S #552']);
    expect(await names([{ field: 'amount', op: 'between', min: 12, max: 42.5 }])).toEqual([
      'Refund Safeway',
      'TRADER JOE S #552',
      'Trader Joes',
    ]);
    expect(await names([{ field: 'amount', op: 'money_in' }])).toEqual(['Refund Safeway']);
    expect(await names([{ field: 'amount', op: 'money_out' }, payeeContains('safeway')])).toEqual(['Safeway']);
    expect(await names([{ field: 'account', op: 'is', account_id: savings.id }])).toEqual(['Cafe']);
    expect(await names([{ field: 'account', op: 'is', account_id: wallet?.id }])).toHaveLength(4);
    // Transactions typed by hand carry no bank category: nothing matches (import.bank-category.test.ts has ones that do).
    expect(await names([{ field: 'bank_category', op: 'equals', value: 'Groceries' }])).toEqual([]);
    // A transaction filed already is not a change.
    const joe = await byPayee(token, 'Trader Joes');
    await api.ok(
      api.save(token, joe.id, { ...spend(-12, 'Trader Joes'), category: 'Groceries', version: joe.version }),
    );
    expect(await names([payeeContains('TRADER')])).toEqual(['TRADER JOE S #552']);
  });
});

describe('actions, applied to the past, and their undo', () => {
  it('sets the category, renames, splits exactly and makes transfers; undo puts every one back', async () => {
    const { token, userId } = await user();
    const savings = await api.ok(api.addAccount(token, { name: 'Savings', kind: 'savings', balance: 0 }));
    await api.add(token, spend(-42.5, 'TRADER JOE S #552'));
    await api.add(token, spend(-100, 'COSTCO WHSE'));
    await api.add(token, spend(-200, 'TRANSFER TO SAVINGS'));
    const before = await list(token);
    const category = await addRule(
      token,
      rule(
        'Joe',
        [payeeContains('trader joe')],
        [fileUnder('Groceries'), { type: 'rename_payee', payee: "Trader Joe's" }],
      ),
    );
    const split = await addRule(
      token,
      rule(
        'Costco',
        [payeeContains('costco')],
        [
          {
            type: 'split',
            by: 'percentages',
            parts: [
              { category: 'Groceries', percent: 33.33 },
              { category: 'Household', percent: 66.67 },
            ],
          },
        ],
      ),
    );
    const transfer = await addRule(
      token,
      rule('Save', [payeeContains('transfer to savings')], [{ type: 'transfer', account_id: savings.id }]),
    );

    const p = (await api.ok(
      preview(token, {
        conditions: [payeeContains('costco')],
        actions: [
          { type: 'split', by: 'amounts', parts: [{ category: 'Household', amount: 30 }], rest_category: 'Groceries' },
        ],
      }),
    )) as { transactions: { split: unknown }[] };
    expect(p.transactions[0]?.split).toEqual([
      { category: 'Household', amount: 30 },
      { category: 'Groceries', amount: 70 },
    ]);

    const applied = [];
    for (const r of [category, split, transfer]) applied.push(await api.ok(apply(token, r.id)));
    expect(applied.map((a) => a.changed)).toEqual([1, 1, 1]);
    const after = await list(token);
    const joe = after.find((r) => r.payee === "Trader Joe's");
    expect(joe).toMatchObject({
      category: 'Groceries',
      amount: -42.5,
      id: before.find((r) => r.payee === 'TRADER JOE S #552')?.id,
    });
    expect(after.find((r) => r.payee === 'TRANSFER TO SAVINGS')).toMatchObject({ kind: 'transfer' });
    const summary = await api.ok(api.summary(token));
    const spent = Object.fromEntries(summary.categories.map((c: { name: string; spent: number }) => [c.name, c.spent]));
    // $100 split 33.33 % / 66.67 %: 33.33 + 66.67, exactly the whole; the transfer is no spending.
    expect(spent).toMatchObject({ Groceries: 42.5 + 33.33, Household: 66.67 });
    expect(summary.total_spent).toBe(142.5);
    // Applied twice, a rule changes nothing more.
    expect((await api.ok(apply(token, category.id))).changed).toBe(0);

    for (const a of [...applied].reverse()) {
      expect(await api.ok(undo(token, a.application_id))).toEqual({ restored: 1, skipped: 0 });
    }
    const restored = await list(token);
    expect(restored.map((r) => [r.id, r.payee, r.category, r.kind]).sort()).toEqual(
      before.map((r) => [r.id, r.payee, r.category, r.kind]).sort(),
    );
    expect((await undo(token, applied[0].application_id)).statusCode).toBe(409);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('undo leaves a transaction changed since as it is, and says how many', async () => {
    const { token } = await user();
    await api.add(token, spend(-5, 'Cafe Roma'));
    await api.add(token, spend(-6, 'Cafe Luna'));
    const r = await addRule(token, rule('Cafe', [payeeContains('cafe')], [fileUnder('Dining')]));
    const applied = await api.ok(apply(token, r.id));
    expect(applied.changed).toBe(2);
    const luna = await byPayee(token, 'Cafe Luna');
    await api.ok(api.save(token, luna.id, { ...spend(-6, 'Cafe Luna'), category: 'Groceries', version: luna.version }));
    const res = await undo(token, applied.application_id);
    expect(res.json()).toMatchObject({
      data: { restored: 1, skipped: 1 },
      message: '1 transaction put back; 1 transaction changed since left as it is',
    });
    expect((await byPayee(token, 'Cafe Roma')).category).toBe('Uncategorized');
    expect((await byPayee(token, 'Cafe Luna')).category).toBe('Groceries');
  });
});

describe('tags', () => {
  it('every matching rule adds its tag, on hand entry and applied to the past; undo takes them off', async () => {
    const { token } = await user();
    await api.add(token, spend(-5, 'Cafe Roma'));
    const first = await addRule(
      token,
      rule('Cafe', [payeeContains('cafe')], [fileUnder('Dining'), { type: 'add_tag', tag: 'coffee' }]),
    );
    await addRule(
      token,
      rule('Roma', [payeeContains('roma')], [fileUnder('Groceries'), { type: 'add_tag', tag: 'Rome' }]),
    );
    const added = await api.ok(api.add(token, spend(-7, 'Cafe Roma Two')));
    // The category is the first rule's, the tags both rules'.
    expect(added).toMatchObject({ category: 'Dining', tags: ['coffee', 'Rome'] });
    const applied = await api.ok(apply(token, first.id));
    expect(applied.changed).toBe(1);
    expect(await byPayee(token, 'Cafe Roma')).toMatchObject({ category: 'Dining', tags: ['coffee'] });
    await api.ok(undo(token, applied.application_id));
    expect(await byPayee(token, 'Cafe Roma')).toMatchObject({ category: 'Uncategorized', tags: [] });
    // A rule that only tags still counts as a change, and its undo too.
    const tagOnly = await addRule(token, rule('Tag', [payeeContains('roma')], [{ type: 'add_tag', tag: 'italian' }]));
    const tagged = await api.ok(apply(token, tagOnly.id));
    expect(tagged.changed).toBe(2);
    expect((await byPayee(token, 'Cafe Roma')).tags).toEqual(['italian']);
    expect(await api.ok(undo(token, tagged.application_id))).toEqual({ restored: 2, skipped: 0 });
    expect((await byPayee(token, 'Cafe Roma Two')).tags).toEqual(['coffee', 'Rome']);
  });
});

describe('rules run on hand entry and on import', () => {
  it('the first matching rule decides each action; a later one still renames; a given category wins', async () => {
    const { token } = await user();
    await addRule(token, rule('Joe', [payeeContains('joe')], [fileUnder('Groceries')]));
    await addRule(
      token,
      rule(
        'Joe too',
        [payeeContains('trader')],
        [fileUnder('Dining'), { type: 'rename_payee', payee: "Trader Joe's" }],
      ),
    );
    const added = await api.ok(api.add(token, spend(-20, 'TRADER JOE S')));
    expect(added).toMatchObject({ payee: "Trader Joe's", category: 'Groceries' });
    const given = await api.ok(api.add(token, spend(-20, 'TRADER JOE S', { category: 'Household' })));
    expect(given).toMatchObject({ payee: 'TRADER JOE S', category: 'Household' });
    const none = await api.ok(api.add(token, spend(-20, 'Safeway')));
    expect(none.category).toBe('Uncategorized');
  });

  it('an import files most rows by the rules made before', async () => {
    const { token, userId } = await user();
    const savings = await api.ok(api.addAccount(token, { name: 'Savings', kind: 'savings', balance: 0 }));
    await addRule(token, rule('Joe', [payeeContains('trader joe')], [fileUnder('Groceries')]));
    await addRule(
      token,
      rule('Coffee', [payeeContains('coffee'), { field: 'amount', op: 'money_out' }], [fileUnder('Dining')]),
    );
    await addRule(
      token,
      rule(
        'Save',
        [{ field: 'original_description', op: 'contains', value: 'ONLINE TRANSFER' }],
        [{ type: 'transfer', account_id: savings.id }],
      ),
    );
    const up = await imports.upload(
      token,
      'bank.csv',
      csv([
        ['11/03/2026', 'TRADER JOE S #552 SAN FRANCISCO CA', '-42.50'],
        ['11/04/2026', 'BLUE BOTTLE COFFEE', '-5.75'],
        ['11/05/2026', 'ONLINE TRANSFER TO SAVINGS', '-100.00'],
        ['11/06/2026', 'ACME PAYROLL', '1200.00'],
      ]),
    );
    expect(up.statusCode).toBe(201);
    const commit = await imports.commit(token, up.json().data.id);
    expect(commit.statusCode).toBe(200);
    const rows = await list(token);
    // The list shows merchant names; the bank's words are `original_payee`.
    const of = (bankText: string) =>
      rows.find((r) =>
        ((r as unknown as { original_payee: string | null }).original_payee ?? r.payee).startsWith(bankText),
      );
    expect(of('TRADER JOE')?.category).toBe('Groceries');
    expect(of('BLUE BOTTLE')?.category).toBe('Dining');
    expect(of('ONLINE TRANSFER')).toMatchObject({ kind: 'transfer' });
    expect(of('ACME')?.category).toBe('Uncategorized');
    const accounts = (await api.accounts(token)) as unknown as { name: string; balance: number }[];
    expect(accounts.find((a) => a.name === 'Savings')?.balance).toBe(100);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('an import puts the tags the rules add on the rows written, and ?tag= finds them', async () => {
    const { token, userId } = await user();
    await addRule(
      token,
      rule('Coffee', [payeeContains('coffee')], [fileUnder('Dining'), { type: 'add_tag', tag: 'Caffeine' }]),
    );
    await addRule(token, rule('Out', [{ field: 'amount', op: 'money_out' }], [{ type: 'add_tag', tag: 'spent' }]));
    const file = csv([
      ['11/03/2026', 'BLUE BOTTLE COFFEE', '-5.75'],
      ['11/04/2026', 'PHILZ COFFEE', '-4.25'],
      ['11/05/2026', 'ACME PAYROLL', '1200.00'],
    ]);
    const up = await imports.upload(token, 'bank.csv', file);
    expect((await imports.commit(token, up.json().data.id)).statusCode).toBe(200);
    const tagged = (await api.ok(api.list(token, '?tag=caffeine'))) as Row[];
    expect(tagged.map((r) => [r.amount, r.category, r.tags])).toEqual([
      [-4.25, 'Dining', ['Caffeine', 'spent']],
      [-5.75, 'Dining', ['Caffeine', 'spent']],
    ]);
    expect((await list(token)).find((r) => r.amount === 1200)?.tags).toEqual([]);
    // The same file again: its rows are duplicates, left out, and no tag is written twice.
    const again = await imports.upload(token, 'bank.csv', file);
    const second = await imports.commit(token, again.json().data.id);
    expect(second.json().data).toMatchObject({ inserted: 0 });
    expect(await api.ok(api.call(token, 'GET', '/api/v1/wallet/tags'))).toEqual([
      { tag: 'Caffeine', count: 2 },
      { tag: 'spent', count: 2 },
    ]);
    const rows = await t()
      .database.db.select()
      .from(walletTransactionTags)
      .where(eq(walletTransactionTags.userId, userId));
    expect(rows).toHaveLength(4);
  });
});
