import { setImmediate as nextTurn } from 'node:timers/promises';
import { ledgerJournals } from '@helo/db/schema';
import type { Cents } from '@helo/finance/cents';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app.ts';
import { ensureAccount, stage } from '../../ledger/index.ts';
import { DEFAULT_WALLET_LIMITS } from '../wallet-limits.ts';
import { walletRequests } from '../wallet-requests.test-helpers.ts';
import { IMPORT_IN_PROGRESS } from './import.service.ts';
import { readBankFile } from './import-preview.ts';
import { bankFixture, importRequests } from './import-requests.test-helpers.ts';
import { claimStaging, STAGING_LEASE_MS } from './staging.repository.ts';

// Five rows per short transaction: a file of a few dozen rows is staged in several chunks.
const t = useTestApp({ config: { walletLimits: { ...DEFAULT_WALLET_LIMITS, stageChunkRows: 5 } } });
const api = importRequests(t);
const wallet = walletRequests(t);

/** A bank CSV of `rows` different November card payments ($1, $2, …); `payee` names a row otherwise. */
function csv(rows: number, payee: (i: number) => string = (i) => `Shop ${i}`): string {
  const lines = ['Date,Description,Amount'];
  for (let i = 1; i <= rows; i++) lines.push(`2026-11-${String(1 + (i % 20)).padStart(2, '0')},${payee(i)},-${i}.00`);
  return `${lines.join('\n')}\n`;
}

/** Every wallet journal of the user in the ledger, staged ones too. */
const rowsInTable = async (userId: string) =>
  (
    await t()
      .database.db.select({ id: ledgerJournals.id })
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.userId, userId), eq(ledgerJournals.kind, 'wallet.transaction')))
  ).length;

/** What the user sees: the first page's rows and the Wallet's balance. */
async function seen(token: string) {
  const list = (await wallet.list(token)).json();
  const summary = (await wallet.summary(token)).json();
  return { rows: list.data.length as number, balance: summary.data.balance as number };
}

const undo: string[] = [];
afterEach(async () => {
  for (const statement of undo.splice(0)) await t().database.db.execute(sql.raw(statement));
});

describe('a commit that fails part-way leaves nothing', () => {
  it('a chunk the database refuses: no row of the file is seen or kept, and the import can be committed again', async () => {
    const { token, userId } = await api.newUser();
    // Row 23 of 30 is in the fifth chunk: four chunks are staged before the database refuses it.
    await t().database.db.execute(
      sql.raw(`ALTER TABLE ledger_journals ADD CONSTRAINT test_refuses_boom CHECK (description <> 'Boom') NOT VALID`),
    );
    undo.push('ALTER TABLE ledger_journals DROP CONSTRAINT IF EXISTS test_refuses_boom');
    const { id } = (
      await api.upload(
        token,
        'a.csv',
        csv(30, (i) => (i === 23 ? 'Boom' : `Shop ${i}`)),
      )
    ).json().data;
    const failed = await api.commit(token, id);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ message: expect.any(String) });
    expect(await rowsInTable(userId)).toBe(0);
    expect(await seen(token)).toEqual({ rows: 0, balance: 0 });

    await t().database.db.execute(sql.raw(undo.pop() as string));
    const again = await api.commit(token, id);
    expect(again.json().data).toMatchObject({ inserted: 30, duplicates: 0 });
    expect(await rowsInTable(userId)).toBe(30);
    expect((await seen(token)).balance).toBe(-465);
  });

  it('a failure at the publishing transaction: the staged rows are discarded, none is seen', async () => {
    const { token, userId } = await api.newUser();
    const db = t().database.db;
    await db.execute(
      sql.raw(`CREATE FUNCTION test_refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'publishing refused by the test'; END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER test_refuse_commit BEFORE UPDATE OF committed_at ON wallet_imports
        FOR EACH ROW WHEN (NEW.committed_at IS NOT NULL) EXECUTE FUNCTION test_refuse_commit()`),
    );
    undo.push(
      'DROP TRIGGER IF EXISTS test_refuse_commit ON wallet_imports',
      'DROP FUNCTION IF EXISTS test_refuse_commit()',
    );
    const { id } = (await api.upload(token, 'a.csv', csv(12))).json().data;
    expect((await api.commit(token, id)).statusCode).toBe(500);
    expect(await rowsInTable(userId)).toBe(0);
    expect(await seen(token)).toEqual({ rows: 0, balance: 0 });

    for (const statement of undo.splice(0)) await db.execute(sql.raw(statement));
    expect((await api.commit(token, id)).json().data).toMatchObject({ inserted: 12 });
    expect(await seen(token)).toEqual({ rows: 12, balance: -78 });
  });
});

describe('while a commit stages its rows', () => {
  it("another user's read answers, the importer sees none of the rows yet, and a second commit of the importer is told to wait", async () => {
    const a = await api.newUser();
    const b = await api.newUser();
    await wallet.ok(wallet.add(b.token, { date: '2026-11-20', payee: 'Corner Deli', amount: -12 }));
    const { id } = (await api.upload(a.token, 'big.csv', csv(200))).json().data;
    const other = (await api.upload(a.token, 'other.csv', bankFixture('checking-november.csv'))).json().data;

    let answered = false;
    const commit = api.commit(a.token, id).then((res) => {
      answered = true;
      return res;
    });
    // Until the first chunk is in; each look is a query of its own, between the commit's chunks, and
    // the event loop turns between looks (PGlite answers in microtasks: the commit must get its turn).
    while (!answered && (await rowsInTable(a.userId)) === 0) await nextTurn();
    const read = await wallet.list(b.token);
    const importerSees = await seen(a.token);
    const second = await api.commit(a.token, other.id);
    // All of that happened while the import was still staging.
    expect(answered).toBe(false);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.map((r: { payee: string }) => r.payee)).toEqual(['Corner Deli']);
    expect(importerSees).toEqual({ rows: 0, balance: 0 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(IMPORT_IN_PROGRESS);

    expect((await commit).json().data).toMatchObject({ inserted: 200, duplicates: 0 });
    expect(await seen(a.token)).toEqual({ rows: 50, balance: -(200 * 201) / 2 });
    // The refused commit, sent again, finds the Wallet as the first left it.
    expect((await api.commit(a.token, other.id)).json().data).toMatchObject({ inserted: 15 });
  });
});

describe('a commit that died part-way (its server stopped)', () => {
  it('its staged rows are never seen; after the lease the next commit discards them and imports every row once', async () => {
    const { token, userId } = await api.newUser();
    const ofx = bankFixture('statement.ofx');
    const dead = (await api.upload(token, 'dead.ofx', ofx)).json().data;
    // What a commit had done when its process died: the claim taken, the first three rows staged.
    const rows = readBankFile('ofx', ofx.toString('utf8'), undefined).rows;
    const db = t().database.db;
    await db.transaction((tx) => claimStaging(tx, userId, dead.id, crypto.randomUUID(), t().clock.now()));
    const [account] = await wallet.accounts(token);
    const outside = await ensureAccount(db, userId, { kind: 'spending', name: 'Uncategorized' });
    const income = await ensureAccount(db, userId, { kind: 'income', name: 'Uncategorized' });
    await stage(
      db,
      userId,
      dead.id,
      rows.slice(0, 3).map((r) => ({
        date: r.date,
        kind: 'wallet.transaction',
        description: r.payee,
        externalId: r.fitid,
        externalAccountId: account?.id ?? '',
        lines: [
          { accountId: account?.id ?? '', amountCents: r.amountCents as Cents },
          { accountId: r.amountCents > 0 ? income.id : outside.id, amountCents: -r.amountCents as Cents },
        ],
      })),
    );
    expect(await rowsInTable(userId)).toBe(3);
    expect(await seen(token)).toEqual({ rows: 0, balance: 0 });

    // The same statement uploaded again: while the dead claim's lease runs, the commit waits its turn.
    const next = (await api.upload(token, 'again.ofx', ofx)).json().data;
    expect((await api.commit(token, next.id)).json().message).toBe(IMPORT_IN_PROGRESS);
    t().clock.advance(STAGING_LEASE_MS + 1);
    // Every row, once: the dead commit's rows (holding three of the bank ids) went first.
    expect((await api.commit(token, next.id)).json().data).toMatchObject({ inserted: 6, duplicates: 0 });
    expect(await rowsInTable(userId)).toBe(6);
    expect((await seen(token)).rows).toBe(6);
    // The import that died can still be committed: every row is in the Wallet already.
    expect((await api.commit(token, dead.id)).json().data).toMatchObject({ inserted: 0, duplicates: 6 });
    expect(await rowsInTable(userId)).toBe(6);
  });
});
