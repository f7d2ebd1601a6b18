import { exportFileName } from '@helo/contract/account';
import { passkeys, recoveryCodes, refreshTokens, users, userTotp } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { type SeededUser, seedUser } from '../../../test/harness/seed-every-table.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { USER_TABLES } from '../registry.ts';
import { unzip } from './unzip.test-helpers.ts';

const getT = useTestApp();
let a: SeededUser;
let b: SeededUser;
let files: Map<string, Buffer>;
let data: Record<string, Record<string, unknown>[]>;
let exportHeaders: Record<string, unknown>;

const get = async (user: SeededUser, url: string) => {
  const res = await getT().app.inject({ method: 'GET', url, headers: bearer(user.accessToken) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  const t = getT();
  a = await seedUser(t, 'Alma');
  b = await seedUser(t, 'Bruno');
  // A payee a spreadsheet would run as a formula.
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/transactions',
    headers: bearer(a.accessToken),
    payload: { amount: -1.5, date: '2026-11-20', payee: '=HYPERLINK("http://evil.test","x")' },
  });
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/account/export', headers: bearer(a.accessToken) });
  expect(res.statusCode, res.body).toBe(200);
  exportHeaders = res.headers;
  files = await unzip(res.rawPayload);
  data = JSON.parse(String(files.get('data.json')));
});

describe('GET /v1/account/export', () => {
  it('downloads a zip named for the day, never cached', () => {
    expect(exportHeaders['content-type']).toBe('application/zip');
    expect(exportHeaders['content-disposition']).toBe(`attachment; filename="${exportFileName('2026-11-21')}"`);
    expect(exportHeaders['cache-control']).toBe('no-store');
  });

  it('holds a README, data.json with a key per table, and a CSV per table', () => {
    expect([...files.keys()].sort()).toEqual(
      [
        'README.md',
        'data.json',
        'transactions.csv',
        ...USER_TABLES.map((t) => `csv/${t.name}.csv`),
        // The seeded Vault document, decrypted (the Vault's own tests cover its files in depth).
        'files/vault/Alma notes.txt',
      ].sort(),
    );
    expect(String(files.get('files/vault/Alma notes.txt'))).toBe("Alma's notes\n");
    expect(Object.keys(data).sort()).toEqual(USER_TABLES.map((t) => t.name).sort());
    const readme = String(files.get('README.md'));
    expect(readme).toContain('cents');
    for (const t of USER_TABLES) expect(readme).toContain(`\`${t.name}\``);
    expect(readme).toContain('`transactions.csv`');
  });

  it('gains transactions.csv, the layout other apps import, formulas neutralised', () => {
    const rows = Papa.parse<Record<string, string>>(String(files.get('transactions.csv')), {
      header: true,
      skipEmptyLines: true,
    });
    expect(rows.meta.fields).toEqual(['Date', 'Account', 'Payee', 'Category', 'Amount', 'Notes', 'Tags']);
    expect(rows.data).toContainEqual(
      expect.objectContaining({ Date: '2026-11-20', Amount: '-1.50', Payee: `'=HYPERLINK("http://evil.test","x")` }),
    );
  });

  it("has the user's rows in every table, as the API shows them", async () => {
    for (const t of USER_TABLES) expect(data[t.name]?.length, t.name).toBeGreaterThan(0);
    expect(data.users).toEqual([expect.objectContaining({ id: a.id, email: a.email, first_name: 'Alma' })]);

    const loans = await get(a, '/api/v1/user-debts');
    expect(data.user_debts?.map((d) => [d.id, d.version])).toEqual(
      loans.map((l: { id: string; version: number }) => [l.id, l.version]),
    );
    // What a loan owes is its ledger account's balance (below zero: it is owed).
    const owed = (id: unknown) => data.ledger_accounts?.find((x) => x.kind === 'loan' && x.subject_id === id);
    expect(data.user_debts?.map((d) => owed(d.id)?.balance_cents)).toEqual(
      loans.map((l: { outstanding_balance: number }) => -Math.round(l.outstanding_balance * 100)),
    );
    expect(data.user_debts?.map((d) => d.nickname)).toEqual(loans.map((l: { nickname: string }) => l.nickname));
    expect(data.user_debts?.[0]?.nickname).toBe('Alma bank');
    const plan = await get(a, '/api/v1/loan-plan');
    expect(data.loan_plans).toEqual([expect.objectContaining({ extra_monthly_cents: plan.extra_monthly * 100 })]);
    const notifications = await get(a, '/api/v1/notifications');
    expect(new Set(data.notifications?.map((n) => `${n.id} ${n.title}`))).toEqual(
      new Set(notifications.map((n: { _id: string; title: string }) => `${n._id} ${n.title}`)),
    );
    const sessions = await get(a, '/api/v1/auth/sessions');
    expect(data.auth_sessions?.map((s) => s.id).sort()).toEqual(sessions.map((s: { id: string }) => s.id).sort());
    // My Wallet's transactions are journals of the ledger; each has its line on the user's account.
    const wallet = await get(a, '/api/v1/wallet/transactions');
    const journals = (data.ledger_journals ?? []).filter((j) => j.kind === 'wallet.transaction' && !j.reversed_by_id);
    const accountOf = new Map(wallet.map((x: { id: string; account_id: string }) => [x.id, x.account_id]));
    const own = (j: Record<string, unknown>) =>
      (data.ledger_postings ?? []).find((p) => p.journal_id === j.id && p.account_id === accountOf.get(j.group_id));
    type Row = { id: string; amount: number; kind: string };
    const cents = (rows: Row[]) => new Set(rows.map((x) => `${x.id} ${Math.round(x.amount * 100)}`));
    expect(new Set(journals.map((j) => `${j.group_id} ${own(j)?.amount_cents}`))).toEqual(
      cents(wallet.filter((x: Row) => x.kind !== 'nest_deposit')),
    );
    // A bank row recognised as the Nest's paycheck is a link to the deposit, not a journal.
    expect(new Set((data.ledger_links ?? []).map((l) => `${l.id} ${l.amount_cents}`))).toEqual(
      cents(wallet.filter((x: Row) => x.kind === 'nest_deposit')),
    );
  });

  it('writes each CSV with the same rows, formulas neutralised', () => {
    for (const t of USER_TABLES) {
      const parsed = Papa.parse<Record<string, string>>(String(files.get(`csv/${t.name}.csv`)), { header: true });
      expect(
        parsed.data.map((r) => r.id ?? r.user_id),
        t.name,
      ).toEqual((data[t.name] ?? []).map((r) => String(r.id ?? r.user_id)));
    }
    const csv = String(files.get('csv/ledger_journals.csv'));
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(data.ledger_journals?.map((x) => x.description)).toContain('=HYPERLINK("http://evil.test","x")');
  });

  it("holds nothing of another user's", () => {
    for (const [name, content] of files) {
      expect(content.includes(b.id), name).toBe(false);
      expect(content.includes(b.email), name).toBe(false);
      expect(content.includes('Bruno'), name).toBe(false);
    }
  });

  it('holds no secret: password and token hashes, the authenticator secret, passkey keys', async () => {
    const db = getT().database.db;
    const [user] = await db.select().from(users).where(eq(users.id, a.id));
    const tokens = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, a.id));
    const [totp] = await db.select().from(userTotp).where(eq(userTotp.userId, a.id));
    const codes = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, a.id));
    const keys = await db.select().from(passkeys).where(eq(passkeys.userId, a.id));
    const secrets = [
      user?.passwordHash,
      ...tokens.map((x) => x.tokenHash),
      totp?.secretEncrypted,
      ...codes.map((c) => c.codeHash),
      ...keys.flatMap((k) => [k.publicKey, k.credentialId]),
    ];
    expect(secrets.length).toBeGreaterThan(5);
    for (const [name, content] of files) {
      for (const secret of secrets) expect(content.includes(String(secret)), `${name} holds a secret`).toBe(false);
      // The README names the columns left out; the data files must not have them.
      if (name !== 'README.md') {
        expect(String(content), name).not.toMatch(/password_hash|token_hash|secret_encrypted|code_hash|public_key/);
      }
    }
    expect(data.passkeys).toEqual([expect.objectContaining({ name: "Alma's phone", device_type: 'multiDevice' })]);
    expect(data.user_totp).toEqual([expect.objectContaining({ enabled_at: null })]);
  });

  it('needs a signed-in user', async () => {
    const res = await getT().app.inject({ method: 'GET', url: '/api/v1/account/export' });
    expect(res.statusCode).toBe(401);
  });
});
