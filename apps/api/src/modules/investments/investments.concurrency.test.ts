import { MAX_INVESTMENT_ACCOUNTS } from '@helo/contract/investments';
import { investmentAccounts, investmentProfiles, ledgerAccounts } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import {
  type AccountAnswer,
  accountForm,
  investmentRequests,
  K401,
  PROFILE,
} from './investment-requests.test-helpers.ts';

/**
 * Writes that arrive together. On PostgreSQL (TEST_DATABASE_URL) the requests really run at once on
 * separate connections of the pool; on PGlite they take turns, and the same answers must come out.
 */
const t = useTestApp();
const api = investmentRequests(t);
const ROUNDS = 4;
type Account = AccountAnswer & Record<string, unknown>;

/** What the investment account's ledger account holds. */
async function heldCents(id: string): Promise<number | undefined> {
  const [row] = await t()
    .database.db.select({ cents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.subjectId, id));
  return row?.cents;
}

const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();
const bodies = (answers: { body: string }[]) => answers.map((r) => r.body).join('\n');

describe('concurrent writes to the investments', () => {
  it('two setups at once: one 201, one 409, one profile with its accounts', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, userId } = await api.newUser();
      const answers = await Promise.all([api.create(token), api.create(token, { ...PROFILE, accounts: [K401] })]);
      expect(statuses(answers), bodies(answers)).toEqual([201, 409]);
      const winner = answers.find((r) => r.statusCode === 201)?.json().data;
      expect((await api.get(token)).json().data).toEqual(winner);
      const profiles = await t()
        .database.db.select()
        .from(investmentProfiles)
        .where(eq(investmentProfiles.userId, userId));
      expect(profiles).toHaveLength(1);
      const accounts = await t()
        .database.db.select()
        .from(investmentAccounts)
        .where(eq(investmentAccounts.userId, userId));
      expect(accounts).toHaveLength(winner.accounts.length);
    }
  });

  it(`adds racing at ${MAX_INVESTMENT_ACCOUNTS - 1} accounts: one 201, one 409, and ${MAX_INVESTMENT_ACCOUNTS} accounts`, async () => {
    const { token, userId } = await api.userWithProfile({
      ...PROFILE,
      accounts: Array.from({ length: MAX_INVESTMENT_ACCOUNTS - 1 }, () => K401),
    });
    const answers = await Promise.all([api.addAccount(token, K401), api.addAccount(token, K401)]);
    expect(statuses(answers), bodies(answers)).toEqual([201, 409]);
    const rows = await t().database.db.select().from(investmentAccounts).where(eq(investmentAccounts.userId, userId));
    expect(rows).toHaveLength(MAX_INVESTMENT_ACCOUNTS);
  });

  it('two edits of an account from the same version: one 200, one 409, and the account and its day are one of them whole', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, accounts } = await api.userWithProfile({ ...PROFILE, accounts: [K401] });
      const account = accounts[0] as Account;
      const answers = await Promise.all([
        api.updateAccount(token, account.id, accountForm(account, { name: 'First', balance: 60000 })),
        api.updateAccount(token, account.id, accountForm(account, { name: 'Second', balance: 70000 })),
      ]);
      expect(statuses(answers), bodies(answers)).toEqual([200, 409]);
      const saved = (await api.get(token)).json().data;
      const winner = answers.find((r) => r.statusCode === 200)?.json().data;
      expect(saved).toEqual(winner);
      const [name, balance] = saved.accounts[0].name === 'First' ? ['First', 60000] : ['Second', 70000];
      expect(saved.accounts[0]).toMatchObject({ name, balance, version: 2 });
      expect(saved.accounts[0].snapshots).toEqual([{ date: '2026-11-21', balance }]);
    }
  });

  it('balance updates from fresh versions one after the other: each counted, one point for the day, the last wins', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, accounts } = await api.userWithProfile({ ...PROFILE, accounts: [K401] });
      const account = accounts[0] as Account;
      // Each reads the version just before: those that read the same one collide (409); those that
      // pass run one after the other on the account's lock, each counted, the day's row upserted.
      const answers = await Promise.all(
        [1, 2, 3].map(async (n) => {
          const fresh = (await api.get(token)).json().data.accounts[0] as Account;
          return api.updateAccount(token, account.id, accountForm(fresh, { balance: 1000 * n }));
        }),
      );
      const ok = answers.filter((r) => r.statusCode === 200);
      expect(ok.length).toBeGreaterThan(0);
      expect(
        answers.every((r) => r.statusCode === 200 || r.statusCode === 409),
        bodies(answers),
      ).toBe(true);
      const saved = (await api.get(token)).json().data.accounts[0];
      expect(saved.version).toBe(1 + ok.length);
      expect(saved.snapshots).toEqual([{ date: account.snapshots[0]?.date, balance: saved.balance }]);
      expect(await heldCents(account.id)).toBe(Math.round(saved.balance * 100));
    }
  });

  it('two profile saves from the same version: one 200, one 409', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token } = await api.userWithProfile();
      const answers = await Promise.all([
        api.update(token, { birth_year: 1986, retirement_age: 60, version: 1 }),
        api.update(token, { birth_year: 1986, retirement_age: 70, version: 1 }),
      ]);
      expect(statuses(answers), bodies(answers)).toEqual([200, 409]);
      const saved = (await api.get(token)).json().data;
      expect(saved).toEqual(answers.find((r) => r.statusCode === 200)?.json().data);
      expect(saved.version).toBe(2);
    }
  });

  it('a later retirement age and a higher return that fit alone but not together: one 200, one 400, and the profile reads', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, accounts } = await api.userWithProfile({
        birth_year: 2008,
        retirement_age: 19,
        accounts: [{ ...K401, balance: 1_000_000, expected_return_percent: 0 }],
      });
      const account = accounts[0] as Account;
      const answers = await Promise.all([
        api.update(token, { birth_year: 2008, retirement_age: 100, version: 1 }),
        api.updateAccount(token, account.id, accountForm(account, { expected_return_percent: 50 })),
      ]);
      expect(statuses(answers), bodies(answers)).toEqual([200, 400]);
      const read = await api.get(token);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().data).toEqual(answers.find((r) => r.statusCode === 200)?.json().data);
    }
  });

  it('an edit and a delete of one account at once: never an edit of a deleted account, never money left behind', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, accounts } = await api.userWithProfile();
      const account = accounts[0] as Account;
      const answers = await Promise.all([
        api.updateAccount(token, account.id, accountForm(account, { balance: 1 })),
        api.deleteAccount(token, account.id, 1),
      ]);
      // The edit first: the delete is stale (409). The delete first: the edit finds no account (404).
      const codes = JSON.stringify(answers.map((r) => r.statusCode));
      expect(['[200,409]', '[404,200]'], bodies(answers)).toContain(codes);
      // Deleted, its ledger account holds nothing; edited (and the delete refused), it holds the $1.
      expect(await heldCents(account.id)).toBe(codes === '[404,200]' ? 0 : 100);
    }
  });
});
