import { randomBytes } from 'node:crypto';
import { loginChallenges, passkeys, recoveryCodes, userTotp, webauthnChallenges } from '@helo/db/schema';
import { settleMoneyChanged } from '../../src/lib/money-changed.ts';
import { productToday } from '../../src/lib/product-day.ts';
import { connectBankAs } from '../../src/modules/bank-connections/testing.ts';
import { vaultFileBody } from '../../src/modules/vault/testing.ts';
import { fileBody } from '../../src/modules/wallet/testing.ts';
import { bearer, elevate, register } from '../accounts.ts';
import type { TestApp } from '../test-app.ts';

/**
 * Two users with rows in every table that can hold a user's data (issue 16): made through the API
 * as a person would where a route exists, else written as the feature's repository writes them
 * (the second-factor and passkey tables). Used by the account deletion test (nothing of a deleted
 * user may stay, the other user's rows must) and by the backup round trip (a database with data in
 * every table). `account-deletion.test.ts` checks that every user table got rows, so a new table
 * that this file does not fill fails there, not silently in a backup.
 */
export interface SeededUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  accessToken: string;
  refreshToken: string;
}

const DAY = '2026-11-20';

/** Seeds `count` users (two by default) in the test app's database. */
export async function seedEveryTable(t: TestApp, count = 2): Promise<SeededUser[]> {
  const seeded: SeededUser[] = [];
  for (let i = 0; i < count; i++) seeded.push(await seedUser(t, `Seed${i}`));
  return seeded;
}

/** One user with data everywhere; `name` marks their strings (payees, notes, goal names). */
export async function seedUser(t: TestApp, name: string): Promise<SeededUser> {
  const { body, session } = await register(t, { first_name: name, last_name: 'Everytable' });
  // Sudo mode, for the export and deletion the tests make with this session.
  await elevate(t, session);
  const user: SeededUser = {
    id: session.user.id,
    email: body.email,
    password: body.password,
    firstName: name,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
  };
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(user.accessToken), ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`seed: ${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const upload = async (payee: string, paycheck = '') => {
    const file = fileBody('bank.csv', `Date,Description,Amount\n11/19/2026,${payee},-7.25\n${paycheck}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/imports',
      headers: { ...bearer(user.accessToken), ...file.headers },
      payload: file.payload,
    });
    if (res.statusCode !== 201) throw new Error(`seed: upload → ${res.statusCode} ${res.body}`);
    return res.json().data as { id: string };
  };

  // Account: a second session (refresh tokens too), a reset link (one_time_tokens; register mailed
  // the verification link already), preferences, onboarding goals, feedback.
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (again.statusCode !== 200) throw new Error(`seed: login → ${again.statusCode} ${again.body}`);
  await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: user.email } });
  await t.app.backgroundWork.drain();
  await call('PUT', '/api/v1/email-reminder-preferences', {
    payment_due_reminders: true,
    payment_due_lead_days: 7,
    goal_milestones: true,
    monthly_summary: false,
    product_news: false,
  });
  await call('PUT', '/api/v1/onboarding/goals', { goal_ids: [1, 2] });
  await call('PUT', '/api/v1/onboarding/profile', { monthly_income: 6500, first_focus: 'emergency_fund' });
  await call('POST', '/api/v1/feedback', { answers: [0, 1, 2, 3, 4, null], comment: `${name} says hello` });

  // Money: loans, the emergency fund and its ledger, a budget, an advisor request, a goal and its
  // ledger, investments with a snapshot.
  await call('PUT', '/api/v1/user-debts', {
    debts: [
      {
        debt_id: 1,
        initial_loan_amount: 25000,
        outstanding_balance: 18250.75,
        monthly_payment_amount: 450,
        interest_rate: 6.5,
        due_date: '2026-12-01',
        nickname: `${name} bank`,
      },
    ],
  });
  await call('PUT', '/api/v1/loan-plan', { extra_monthly: 125 });
  await call('POST', '/api/v1/user-emergency-fund', {
    is_saving: true,
    saved_amount: 300,
    monthly_income: 3000,
    monthly_saving: 50,
    monthly_saving_want: 100,
  });
  // An entry of the fund is dated on or after the day the fund was set up: today.
  const today = productToday(t.clock.now());
  await call('POST', '/api/v1/user-emergency-fund/entries', { kind: 'deposit', amount: 10, date: today, note: name });
  await call('POST', '/api/v1/user-budgets', {
    month: '2026-11',
    net_income: 3000,
    categories: [{ name: 'Rent', group: 'needs', planned: 1200, preset: 'housing' }],
  });
  await call('PUT', '/api/v1/budgets/settings', {
    period: 'pay_period',
    cadence: { every: 'two_weeks', payday: '2026-11-20' },
    rollover_categories: ['Rent'],
    version: 1,
  });
  await call('POST', '/api/v1/user-connect', { professionals_need: ['Accountant'], has_working_professional: false });
  const goal = await call('POST', '/api/v1/user-lifestyle-saving', {
    name: `${name} trip`,
    kind: 'travel',
    target_amount: 5000,
    saved_amount: 100,
    horizon_years: 3,
  });
  await call('POST', `/api/v1/user-lifestyle-saving/${goal.id}/entries`, {
    kind: 'deposit',
    amount: 20,
    date: DAY,
    note: name,
  });
  const investment = await call('POST', '/api/v1/user-investment', {
    birth_year: 1990,
    retirement_age: 67,
    accounts: [
      {
        name: `${name} brokerage`,
        kind: 'brokerage',
        balance: 900,
        monthly_contribution: 10,
        expected_return_percent: 5,
        balance_on: '2026-10-31',
      },
    ],
  });

  // The Money Nest with a rule to each kind of target (its ledger then links the fund's and the
  // goal's entries), a deposit split by them, and My Wallet: a transaction, a committed import and
  // one only uploaded.
  await call('POST', '/api/v1/nest/activate');
  await call('PUT', '/api/v1/nest/allocation', {
    version: 1,
    rules: [
      { bucket: 'emergency_fund', kind: 'percent', value: 10 },
      { bucket: 'goal', target_id: goal.id, kind: 'percent', value: 10 },
      { bucket: 'investment', target_id: investment.accounts[0].id, kind: 'fixed', value: 5 },
      { bucket: 'loans', kind: 'percent', value: 10 },
    ],
  });
  await call('POST', '/api/v1/nest/deposits', { amount: 1000, date: DAY, source: `${name} pay` });
  // Tagged (wallet_transaction_tags).
  await call('POST', '/api/v1/wallet/transactions', {
    amount: -40,
    date: DAY,
    payee: `${name} groceries`,
    tags: [`${name} tag`],
  });
  // A recurring series matched to that purchase (recurring_series, recurring_payments), and a found
  // one dismissed (recurring_dismissed): a gym paid on the 20th of three months.
  const [walletAccount] = await call('GET', '/api/v1/accounts');
  await call('POST', '/api/v1/recurring', {
    name: `${name} groceries`,
    kind: 'bill',
    cadence: { every: 'month', day: 20 },
    amount: 40,
    account_id: walletAccount.id,
    start_date: '2026-10-20',
  });
  for (const month of ['08', '09', '10']) {
    await call('POST', '/api/v1/wallet/transactions', {
      amount: -9.99,
      date: `2026-${month}-20`,
      payee: `${name} gym`,
    });
  }
  const [found] = await call('GET', '/api/v1/recurring/suggestions');
  await call('POST', `/api/v1/recurring/suggestions/${found.id}/dismiss`);
  // The bank's copy of the Nest's paycheck: recognised and linked to the deposit (ledger_links).
  const imported = await upload(`${name} bank row`, `11/19/2026,${name} payroll,1000.00\n`);
  await call('POST', `/api/v1/wallet/imports/${imported.id}/commit`, {});
  // The bank row typed by hand too: flagged as its possible duplicate, both kept (wallet_duplicate_pairs).
  const typed = await call('POST', '/api/v1/wallet/transactions', {
    amount: -7.25,
    date: '2026-11-19',
    payee: `${name} bank row`,
  });
  await call('POST', `/api/v1/wallet/transactions/${typed.id}/keep`, { with: typed.possible_duplicate.id });
  // A bulk edit (wallet_edits, wallet_edit_items): the hand-typed purchase filed again, kept for its undo.
  await call('POST', '/api/v1/wallet/transactions/bulk', {
    ids: [typed.id],
    action: {
      type: 'set_account',
      account_id: (await call('POST', '/api/v1/accounts', { kind: 'cash', name: `${name} jar` })).id,
    },
  });
  await upload(`${name} not yet imported`);
  // A bank connection (the tests' fake SimpleFIN Bridge) synced into the Wallet, a pending row among its own.
  await connectBankAs(call);
  // A statement of two accounts, both into the Wallet: where each went is remembered (wallet_import_accounts).
  const statement = (id: string) =>
    `<STMTRS><BANKACCTFROM><BANKID>1<ACCTID>${id}</BANKACCTFROM><STMTTRN><DTPOSTED>20261119<TRNAMT>-1.50<NAME>${name} fee</STMTTRN></STMTRS>`;
  const twoAccounts = fileBody('bank.ofx', `<OFX>${statement('1111')}${statement('2222')}</OFX>`);
  const multi = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/imports',
    headers: { ...bearer(user.accessToken), ...twoAccounts.headers },
    payload: twoAccounts.payload,
  });
  if (multi.statusCode !== 201) throw new Error(`seed: upload → ${multi.statusCode} ${multi.body}`);
  const { id: multiId, account_id: walletId } = multi.json().data;
  await call('POST', `/api/v1/wallet/imports/${multiId}/commit`, {
    accounts: [
      { key: '1', account_id: walletId },
      { key: '2', account_id: walletId },
    ],
  });
  await call('POST', '/api/v1/tools/tax-planner/waitlist');
  // The Vault, with a document (its bytes go to the test's Vault directory).
  await call('POST', '/api/v1/vault/activate');
  const document = vaultFileBody(`${name} notes.txt`, `${name}'s notes\n`, 'text/plain');
  const stored = await t.app.inject({
    method: 'POST',
    url: '/api/v1/vault/files',
    headers: { ...bearer(user.accessToken), ...document.headers },
    payload: document.payload,
  });
  if (stored.statusCode !== 201) throw new Error(`seed: vault upload → ${stored.statusCode} ${stored.body}`);
  // The forecast's floor, one for the Wallet, and its alert (forecast_settings, forecast_account_floors,
  // forecast_alerts): a floor above what the Wallet holds opens an episode at once.
  await call('PUT', '/api/v1/forecast/settings', {
    floor: 10_000_000,
    account_floors: [{ account_id: walletId, floor: 20_000_000 }],
  });

  // The ledger (issue 27): an account with an opening balance, a transaction in it, edited (the edit
  // is a reversal and a replacement) and another deleted (a reversal).
  const checking = await call('POST', '/api/v1/accounts', {
    kind: 'checking',
    name: `${name} checking`,
    opening_balance: 1200,
    opening_date: DAY,
  });
  const spend = { date: DAY, payee: `${name} market`, account_id: checking.id };
  const bought = await call('POST', '/api/v1/wallet/transactions', { ...spend, amount: -12 });
  await call('PUT', `/api/v1/wallet/transactions/${bought.id}`, { ...spend, amount: -13, version: bought.version });
  const mistake = await call('POST', '/api/v1/wallet/transactions', { ...spend, amount: -5 });
  await call('DELETE', `/api/v1/wallet/transactions/${mistake.id}`);
  // A rule applied to the market's purchase (wallet_rules; its application a wallet_edits row and its items).
  const rule = await call('POST', '/api/v1/rules', {
    name: `${name} market`,
    conditions: [{ field: 'payee', op: 'contains', value: 'market' }],
    actions: [{ type: 'rename_payee', payee: `${name} corner market` }],
  });
  await call('POST', `/api/v1/rules/${rule.id}/apply`);

  // Second factors, as their repositories write them: a pending authenticator (two-factor sign-in
  // stays off, so the account is deleted with the password alone), recovery codes, a passkey, and
  // the challenges of a sign-in and a passkey registration in progress.
  const db = t.database.db;
  const now = t.clock.now();
  const later = new Date(now.getTime() + 5 * 60_000);
  const hash = () => randomBytes(32).toString('hex');
  await db.insert(userTotp).values({ userId: user.id, secretEncrypted: `v1:${hash()}`, createdAt: now });
  await db.insert(recoveryCodes).values([
    { userId: user.id, codeHash: hash(), createdAt: now },
    { userId: user.id, codeHash: hash(), createdAt: now, usedAt: now },
  ]);
  await db.insert(passkeys).values({
    userId: user.id,
    credentialId: randomBytes(16).toString('base64url'),
    publicKey: randomBytes(64).toString('base64url'),
    deviceType: 'multiDevice',
    backedUp: true,
    transports: ['internal'],
    name: `${name}'s phone`,
    createdAt: now,
  });
  await db.insert(loginChallenges).values({ userId: user.id, tokenHash: hash(), createdAt: now, expiresAt: later });
  await db.insert(webauthnChallenges).values({
    userId: user.id,
    purpose: 'register',
    challenge: randomBytes(32).toString('base64url'),
    createdAt: now,
    expiresAt: later,
  });
  // The forecast alerts the writes above asked for (lib/money-changed.ts), written now rather than
  // while a test reads its snapshot.
  await settleMoneyChanged();
  return user;
}
