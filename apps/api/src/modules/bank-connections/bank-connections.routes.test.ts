import { bankConnections, notifications } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { testConfig, useTestApp } from '../../../test/test-app.ts';
import { AccountsService } from '../accounts/index.ts';
import { DEFAULT_WALLET_LIMITS } from '../wallet/index.ts';
import { ACCOUNTS, errorPaths, fileBody, IMPORTS } from '../wallet/testing.ts';
import { BankConnectionsService } from './bank-connections.service.ts';
import { BANK, bankRequests } from './bank-connections.test-helpers.ts';
import { SimpleFinProvider } from './providers/simplefin.ts';
import { type FakeBridge, fakeAccount, noonOf, startFakeBridge } from './simplefin-test-server.ts';

const t = useTestApp();
const api = bankRequests(t);
let bridge: FakeBridge;
beforeAll(async () => {
  bridge = await startFakeBridge();
});
afterAll(() => bridge.close());
beforeEach(() => {
  bridge.accounts = [
    fakeAccount('chk', 'Everyday Checking', 30, '2026-11-20', '2400.10'),
    fakeAccount('card', 'Rewards Card', 10, '2026-11-19', '-310.55'),
  ];
  bridge.errors = [];
  bridge.failWith = null;
  bridge.requests = [];
});

type View = {
  id: string;
  status: string;
  error: string | null;
  bank_messages: string[];
  last_synced_at: string | null;
  accounts: {
    id: string;
    name: string;
    account_id: string | null;
    account_name: string | null;
    bank_balance: number | null;
  }[];
};

/** A user with the Nest active, connected; the connection's view. */
async function connectedUser() {
  const user = await api.activeUser();
  const connection = (await api.connected(user.token, bridge)) as View;
  return { ...user, connection };
}

/** Maps the checking to the Wallet and the card to a new account "Card"; the view after. */
async function mapBoth(token: string, connection: View) {
  const [wallet] = await api.accounts(token);
  const [chk, card] = connection.accounts;
  return (await api.ok(
    api.map(token, connection.id, [
      { id: chk?.id, account: wallet?.id },
      { id: card?.id, account: { create: { name: 'Card', kind: 'credit_card' } } },
    ]),
  )) as View;
}

const transactions = async (token: string, account: string) =>
  (await api.allPages(token, `account_id=${account}`, 100)).flat() as unknown as {
    payee: string;
    amount: number;
    note: string | null;
  }[];

describe('connecting a bank with a SimpleFIN setup token', () => {
  it('claims the access URL, keeps it sealed, and lists the bank accounts with their balances', async () => {
    const { token, userId } = await api.activeUser();
    const res = await api.connect(token, bridge.setupToken());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json().data;
    expect(view).toMatchObject({
      provider: 'simplefin',
      name: 'Example Bank',
      status: 'not_synced',
      error: null,
      last_synced_at: null,
    });
    expect(view.accounts.map((a: View['accounts'][number]) => [a.name, a.bank_balance, a.account_id])).toEqual([
      ['Everyday Checking', 2400.1, null],
      ['Rewards Card', -310.55, null],
    ]);
    // Nothing is imported before the accounts are mapped; the credential never leaves the server.
    expect(await transactions(token, (await api.accounts(token))[0]?.id ?? '')).toEqual([]);
    const listed = await api.call(token, 'GET', BANK);
    expect(listed.headers['cache-control']).toBe('no-store');
    for (const body of [res.body, listed.body]) expect(body).not.toMatch(/@127\.0\.0\.1|\/sfin/);
    const [row] = await t().database.db.select().from(bankConnections).where(eq(bankConnections.userId, userId));
    expect(row?.accessSealed).toMatch(/^v1\./);
    expect(row?.accessSealed).not.toContain('127.0.0.1');
  });

  it('refuses a token that is not one, one used already, and one naming a server Helo may not call, at setup_token', async () => {
    const { token } = await api.activeUser();
    const used = bridge.setupToken();
    await api.ok(api.connect(token, used));
    const elsewhere = Buffer.from('http://bank.example.com/claim/1').toString('base64');
    const ftp = Buffer.from('ftp://127.0.0.1/claim/1').toString('base64');
    for (const setupToken of ['not a token!', 'aGVsbG8=', used, elsewhere, ftp]) {
      const res = await api.connect(token, setupToken);
      expect(res.statusCode, setupToken).toBe(400);
      expect(errorPaths(res)).toEqual(['setup_token']);
    }
    expect(await api.list(token)).toHaveLength(1);
  });

  it('names the field of a bad request', async () => {
    const { token, connection } = await connectedUser();
    const provider = await api.call(token, 'POST', BANK, { provider: 'plaid', setup_token: 'x' });
    expect(provider.statusCode).toBe(400);
    expect(errorPaths(provider)).toEqual(['provider']);
    const empty = await api.call(token, 'POST', BANK, { provider: 'simplefin', setup_token: ' ' });
    expect(errorPaths(empty)).toEqual(['setup_token']);
    const [chk] = connection.accounts;
    const notMine = await api.map(token, connection.id, [
      { id: chk?.id, account: '00000000-0000-4000-8000-000000000000' },
    ]);
    expect(notMine.statusCode).toBe(400);
    expect(errorPaths(notMine)).toEqual(['accounts.0.account']);
    const unknown = await api.map(token, connection.id, [{ id: 'nope', account: null }]);
    expect(errorPaths(unknown)).toEqual(['accounts.0.id']);
    const wallet = (await api.accounts(token))[0]?.id;
    const taken = await api.map(token, connection.id, [{ id: chk?.id, account: { create: { name: 'Wallet' } } }]);
    expect(taken.statusCode).toBe(400);
    expect(errorPaths(taken)).toEqual(['accounts.0.account.create.name']);
    const twice = await api.map(token, connection.id, [
      { id: chk?.id, account: wallet },
      { id: connection.accounts[1]?.id, account: wallet },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(errorPaths(twice)[0]).toMatch(/^accounts\.\d\.account$/);
    // Nothing of a refused mapping was saved, and no account was made.
    expect((await api.list(token))[0].accounts.map((a: { account_id: string | null }) => a.account_id)).toEqual([
      null,
      null,
    ]);
    expect(await api.accounts(token)).toHaveLength(1);
  });
});

describe('syncing', () => {
  it('imports the mapped accounts’ transactions of the last 90 days, once, and shows the bank’s balances', async () => {
    const { token, connection } = await connectedUser();
    const mapped = await mapBoth(token, connection);
    expect(mapped.accounts.map((a) => a.account_name)).toEqual(['Wallet', 'Card']);
    const res = await api.sync(token, connection.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const first = res.json();
    expect(first.data).toMatchObject({ added: 40, replaced: 0 });
    expect(first.message).toBe('40 transactions added');
    expect(first.data.connection).toMatchObject({
      status: 'ok',
      error: null,
      last_synced_at: '2026-11-21T12:00:00.000Z',
    });
    // The first sync reaches back 90 days.
    expect(Number(bridge.requests.at(-1)?.get('start-date'))).toBe(Date.parse('2026-08-23T12:00:00Z') / 1000);
    const accounts = await api.accounts(token);
    const sums = (n: number, last: string) => bridge.accounts.find((a) => a.id === last)?.transactions.slice(0, n);
    const cents = (list: { amount: string }[] | undefined) =>
      (list ?? []).reduce((s, x) => s + Math.round(Number(x.amount) * 100), 0) / 100;
    // The Wallet (the Nest's) holds what was synced; the new Card opens at what the bank says it owes.
    expect(accounts.map((a) => [a.name, (a as unknown as { balance: number }).balance])).toEqual([
      ['Wallet', cents(sums(30, 'chk'))],
      ['Card', -310.55],
    ]);
    expect(cents(sums(10, 'card'))).not.toBe(-310.55);
    // Opened the day before the card's first synced transaction (Nov 19 back 9 days), owing the rest.
    const card = accounts[1] as unknown as { opening_balance: number; opening_date: string };
    expect(card.opening_date).toBe('2026-11-09');
    expect(card.opening_balance).toBe(Math.round((310.55 + cents(sums(10, 'card'))) * 100) / 100);
    expect(await transactions(token, accounts[0]?.id ?? '')).toHaveLength(30);
    expect(first.data.connection.accounts.map((a: View['accounts'][number]) => a.bank_balance)).toEqual([
      2400.1, -310.55,
    ]);

    // Later: from the last sync less 5 days; what the bank sent again adds nothing.
    t().clock.advance(10 * 60_000);
    bridge.accounts[0]?.transactions.unshift({
      id: 'chk-new',
      posted: noonOf('2026-11-22'),
      amount: '-12.34',
      description: 'Corner shop',
    });
    const again = (await api.ok(api.sync(token, connection.id))) as { added: number };
    expect(again.added).toBe(1);
    expect(Number(bridge.requests.at(-1)?.get('start-date'))).toBe(Date.parse('2026-11-16T12:00:00Z') / 1000);
    const third = (await api.ok(api.sync(token, connection.id))) as { added: number };
    expect(third.added).toBe(0);
    expect(await transactions(token, accounts[0]?.id ?? '')).toHaveLength(31);
  });

  it("the user's rules file and rename the synced rows (decisions.md 'Rules: order and what wins')", async () => {
    const { token, connection } = await connectedUser();
    await api.budget(token);
    const rule = (body: object) => api.ok(api.call(token, 'POST', '/api/v1/rules', body));
    await rule({
      name: 'Food',
      conditions: [{ field: 'original_description', op: 'equals', value: 'everyday checking payee 3' }],
      actions: [{ type: 'set_category', category: 'food' }],
    });
    await rule({
      name: 'Card',
      conditions: [
        { field: 'original_description', op: 'contains', value: 'Rewards Card' },
        { field: 'amount', op: 'money_out' },
      ],
      actions: [{ type: 'rename_payee', payee: 'Card purchase' }],
    });
    await mapBoth(token, connection);
    expect((await api.sync(token, connection.id)).statusCode).toBe(200);
    const [wallet, card] = await api.accounts(token);
    const walletRows = (await transactions(token, wallet?.id ?? '')) as unknown as {
      original_payee: string | null;
      category: string;
    }[];
    // The bank's words are `original_payee` (the payee shown is the merchant name made of them).
    expect(walletRows.find((r) => r.original_payee === 'Everyday Checking payee 3')?.category).toBe('Food');
    expect(walletRows.filter((r) => r.category === 'Food')).toHaveLength(1);
    const cardRows = await transactions(token, card?.id ?? '');
    // Money out renamed; money in (every 7th row) left as the bank wrote it.
    expect(cardRows.filter((r) => r.payee === 'Card purchase')).toHaveLength(
      cardRows.filter((r) => r.amount < 0).length,
    );
    expect(cardRows.filter((r) => r.amount > 0).every((r) => r.payee !== 'Card purchase')).toBe(true);
  });

  it('the tags the rules add land on the synced rows, posted and pending (a ?tag= search finds them)', async () => {
    const { token, connection } = await connectedUser();
    await api.ok(
      api.call(token, 'POST', '/api/v1/rules', {
        name: 'Coffee',
        conditions: [{ field: 'original_description', op: 'contains', value: 'coffee' }],
        actions: [
          { type: 'add_tag', tag: 'Caffeine' },
          { type: 'add_tag', tag: 'treats' },
        ],
      }),
    );
    await mapBoth(token, connection);
    const chk = bridge.accounts[0];
    if (!chk) throw new Error('no account');
    chk.transactions = [
      { id: 'c-1', posted: noonOf('2026-11-18'), amount: '-4.50', description: 'Coffee Roasters' },
      { id: 'c-2', posted: noonOf('2026-11-19'), amount: '-60.00', description: 'Hardware store' },
      {
        id: 'auth-1',
        posted: 0,
        transacted_at: noonOf('2026-11-20'),
        amount: '-3.00',
        description: 'COFFEE CART',
        pending: true,
      },
    ];
    bridge.accounts[1] = { ...(bridge.accounts[1] as (typeof bridge.accounts)[number]), transactions: [] };
    expect(await api.ok(api.sync(token, connection.id))).toMatchObject({ added: 3 });
    const tagged = (await api.ok(api.call(token, 'GET', '/api/v1/wallet/transactions?tag=caffeine'))) as {
      amount: number;
      tags: string[];
    }[];
    expect(tagged.map((r) => [r.amount, r.tags])).toEqual([
      [-3, ['Caffeine', 'treats']],
      [-4.5, ['Caffeine', 'treats']],
    ]);
    const wallet = (await api.accounts(token))[0]?.id ?? '';
    const rows = (await transactions(token, wallet)) as unknown as { amount: number; tags: string[] }[];
    expect(rows.find((r) => r.amount === -60)?.tags).toEqual([]);
    // Synced again: nothing new, no tag twice.
    expect(await api.ok(api.sync(token, connection.id))).toMatchObject({ added: 0 });
    expect(await api.ok(api.call(token, 'GET', '/api/v1/wallet/tags'))).toEqual([
      { tag: 'Caffeine', count: 2 },
      { tag: 'treats', count: 2 },
    ]);
  });

  it("the bank's own file of what the connection synced is flagged, never added silently", async () => {
    const { token, connection } = await connectedUser();
    await mapBoth(token, connection);
    await api.ok(api.sync(token, connection.id));
    const [wallet] = await api.accounts(token);
    // The bank's OFX of three synced rows, a day later and under its own FITIDs, and one the connection never had.
    const synced = (bridge.accounts[0]?.transactions ?? []).slice(1, 4);
    const day = (unix: number) => new Date((unix + 86_400) * 1000).toISOString().slice(0, 10).replaceAll('-', '');
    const trn = (fitid: string, posted: number, amount: string, name: string) =>
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${day(posted)}<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}</STMTTRN>`;
    const ofx = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>9<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>${synced
      .map((x, i) => trn(`F${i}`, x.posted, x.amount, x.description))
      .join(
        '',
      )}${trn('F9', noonOf('2026-11-18'), '-77.70', 'Hardware store')}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const file = fileBody('bank.ofx', ofx);
    const res = await t().app.inject({
      method: 'POST',
      url: `${IMPORTS}?account_id=${wallet?.id}`,
      headers: { ...bearer(token), ...file.headers },
      payload: file.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json().data as { rows: { payee: string; possible_duplicate: unknown }[] };
    expect(preview.rows.map((r) => [r.payee, r.possible_duplicate !== null])).toEqual([
      ...synced.map((x) => [x.description, true]),
      ['Hardware store', false],
    ]);
  });

  it('a paycheck the Money Nest recorded is linked to its deposit, not added: it counts once, sync after sync', async () => {
    const { token, connection } = await connectedUser();
    await mapBoth(token, connection);
    // The checking's newest row is +$250.00 on Nov 20; the Nest recorded that paycheck on Nov 19.
    const deposit = (await api.deposit(token, 250, '2026-11-19')) as { deposit: { id: string } };
    const res = await api.sync(token, connection.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ added: 39 });
    expect(res.json().message).toBe('39 transactions added, 1 recognised as a Money Nest deposit (recorded once)');
    const [wallet] = await api.accounts(token);
    const rows = (await api.allPages(token, `account_id=${wallet?.id}`, 100)).flat() as unknown as {
      kind: string;
      nest_deposit_id: string | null;
    }[];
    expect(rows.filter((r) => r.kind === 'nest_deposit').map((r) => r.nest_deposit_id)).toEqual([deposit.deposit.id]);
    // The next sync sends the paycheck again: it is held (as the link), never added.
    t().clock.advance(10 * 60_000);
    expect(await api.ok(api.sync(token, connection.id))).toMatchObject({ added: 0 });
  });

  it('marks a pending transaction and replaces it when the bank posts it under another id', async () => {
    const { token, connection } = await connectedUser();
    await mapBoth(token, connection);
    const chk = bridge.accounts[0];
    if (!chk) throw new Error('no account');
    chk.transactions = [
      {
        id: 'auth-1',
        posted: 0,
        transacted_at: noonOf('2026-11-20'),
        amount: '-20.00',
        description: 'Coffee Roasters',
        pending: true,
      },
    ];
    bridge.accounts[1] = { ...(bridge.accounts[1] as (typeof bridge.accounts)[number]), transactions: [] };
    expect(await api.ok(api.sync(token, connection.id))).toMatchObject({ added: 1, replaced: 0 });
    const wallet = (await api.accounts(token))[0]?.id ?? '';
    expect((await transactions(token, wallet)).map((x) => [x.payee, x.amount, x.note])).toEqual([
      ['Coffee Roasters', -20, 'Pending at the bank'],
    ]);
    // Still pending later: nothing changes.
    t().clock.advance(10 * 60_000);
    expect(await api.ok(api.sync(token, connection.id))).toMatchObject({ added: 0, replaced: 0 });
    // Posted two days after, under its own id: the pending one is reversed, the posted one added.
    chk.transactions = [
      { id: 'post-1', posted: noonOf('2026-11-22'), amount: '-20.00', description: 'Coffee Roasters' },
    ];
    const res = await api.ok(api.sync(token, connection.id));
    expect(res).toMatchObject({ added: 1, replaced: 1 });
    expect((await transactions(token, wallet)).map((x) => [x.payee, x.amount, x.note])).toEqual([
      ['Coffee Roasters', -20, null],
    ]);
    expect((await api.accounts(token))[0]).toMatchObject({ balance: -20 });
    expect(await api.ok(api.sync(token, connection.id))).toMatchObject({ added: 0, replaced: 0 });
  });

  it('keeps a failure on the connection, notifies it once, and loses nothing', async () => {
    const { token, userId, connection } = await connectedUser();
    await mapBoth(token, connection);
    await api.ok(api.sync(token, connection.id));
    const wallet = (await api.accounts(token))[0]?.id ?? '';
    bridge.failWith = 403;
    const res = await api.sync(token, connection.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.connection).toMatchObject({ status: 'error', error: expect.stringContaining('403') });
    expect(res.json().message).toMatch(/^The sync failed/);
    await api.ok(api.sync(token, connection.id));
    const sent = async () =>
      t()
        .database.db.select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'bank_connection_error')));
    expect(await sent()).toHaveLength(1);
    expect((await api.list(token))[0]).toMatchObject({ status: 'error' });
    expect(await transactions(token, wallet)).toHaveLength(30);

    // The bridge down, then a rate limit: each a new message, each told once.
    bridge.failWith = 500;
    expect((await api.ok(api.sync(token, connection.id))).connection.error).toMatch(/answered 500/);
    bridge.failWith = 429;
    expect((await api.ok(api.sync(token, connection.id))).connection.error).toMatch(/wait/);
    expect(await sent()).toHaveLength(3);

    // Back: the error is cleared; what the bank says besides is shown.
    bridge.failWith = null;
    bridge.errors = ['Connection to Example Bank may need attention'];
    const back = await api.ok(api.sync(token, connection.id));
    expect(back.connection).toMatchObject({
      status: 'ok',
      error: null,
      bank_messages: ['Connection to Example Bank may need attention'],
    });
    expect(await sent()).toHaveLength(4);
    expect(await transactions(token, wallet)).toHaveLength(30);
  });

  it('another user’s connection is a 404 on every route', async () => {
    const a = await connectedUser();
    const b = await api.activeUser();
    const [wallet] = await api.accounts(b.token);
    for (const res of [
      await api.map(b.token, a.connection.id, [{ id: a.connection.accounts[0]?.id, account: wallet?.id }]),
      await api.sync(b.token, a.connection.id),
      await api.disconnect(b.token, a.connection.id),
      await api.sync(b.token, 'not-an-id'),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await api.list(b.token)).toEqual([]);
    expect(await api.list(a.token)).toHaveLength(1);
  });

  it('disconnecting deletes the credential; the imported transactions stay', async () => {
    const { token, userId, connection } = await connectedUser();
    await mapBoth(token, connection);
    await api.ok(api.sync(token, connection.id));
    const res = await api.disconnect(token, connection.id);
    expect(res.statusCode).toBe(200);
    expect(await api.list(token)).toEqual([]);
    expect(await t().database.db.select().from(bankConnections).where(eq(bankConnections.userId, userId))).toEqual([]);
    const wallet = (await api.accounts(token))[0]?.id ?? '';
    expect(await transactions(token, wallet)).toHaveLength(30);
    expect((await api.disconnect(token, connection.id)).statusCode).toBe(404);
    const accounts = await api.ok(api.call(token, 'GET', ACCOUNTS));
    expect(accounts.map((a: { name: string }) => a.name)).toEqual(['Wallet', 'Card']);
  });
});

describe('the daily sync and racing syncs', () => {
  it('two syncs at once add each transaction once', async () => {
    const { token, connection } = await connectedUser();
    await mapBoth(token, connection);
    const [one, two] = await Promise.all([api.sync(token, connection.id), api.sync(token, connection.id)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().data.added + two.json().data.added).toBe(40);
    const wallet = (await api.accounts(token))[0]?.id ?? '';
    expect(await transactions(token, wallet)).toHaveLength(30);
  });

  it('the daily job syncs each connection not tried for 20 hours, once', async () => {
    const { token, connection } = await connectedUser();
    await mapBoth(token, connection);
    const service = new BankConnectionsService(
      t().database.db,
      t().clock,
      new AccountsService(t().database.db, t().clock),
      {
        providers: { simplefin: new SimpleFinProvider({ production: false }) },
        keys: [testConfig().encryptionKey],
        limits: DEFAULT_WALLET_LIMITS,
      },
    );
    // Listing the accounts at connect time was a try: 20 hours later the job takes it.
    expect((await service.syncDue()).synced).toBe(0);
    t().clock.advance(21 * 60 * 60_000);
    expect((await service.syncDue()).synced).toBeGreaterThanOrEqual(1);
    const [row] = await t().database.db.select().from(bankConnections).where(eq(bankConnections.id, connection.id));
    expect(row?.lastSyncedAt).toEqual(t().clock.now());
    expect(row?.error).toBeNull();
    expect(await service.syncDue()).toEqual({ synced: 0, failed: 0 });
  });
});
