import { feedback, users, walletEdits, walletImports } from '@helo/db/schema';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { settleMoneyChanged } from '../../src/lib/money-changed.ts';
import { BANK, connectBankAsUser } from '../../src/modules/bank-connections/testing.ts';
import { VAULT, vaultUploadAs } from '../../src/modules/vault/testing.ts';
import { bankCsv, IMPORTS, uploadAs } from '../../src/modules/wallet/testing.ts';
import { createTestApp } from '../test-app.ts';
import {
  ACCOUNTS,
  aBudget,
  aCredentialId,
  aInvestment,
  aSavings,
  asUser,
  bBudget,
  bConnect,
  bDebts,
  bFund,
  bGoal,
  bInvestment,
  bPreferences,
  expectNothingOfA,
  fundDeposit,
  GOALS,
  INVESTMENT,
  inject,
  joinedTools,
  loanRef,
  type MatrixRow,
  NEST,
  nestIncome,
  PASSKEYS,
  type Parties,
  savings,
  seeded,
  seedPasskey,
  setACredentialId,
  TOOLS,
  useApp,
  WALLET,
  walletSpend,
} from './access-matrix.ts';
import { HARNESSES } from './harnesses.ts';
import { listOperations, readOpenApi } from './openapi.ts';
import { responseProblems } from './response-checks.ts';
import { servedApiRoutes } from './served-routes.ts';
import { SignedInUser } from './signed-in-user.ts';

/**
 * The access-control matrix (issue 9): user A and user B both have data in every area; for every
 * operation of the OpenAPI document, B does what the operation allows with A's ids and identifiers
 * wherever the request can carry them. B must get 404 for A's ids, see only B's rows, never see
 * anything of A's, and A's data, read back as A, must be exactly as before.
 *
 * Every operation must be in MATRIX: a new route fails this file until someone says who may use it.
 * Each module gives its rows as its harness's `matrix` (in its `module.test-helpers.ts`, see
 * access-matrix.ts); MATRIX is all of them.
 */
const MATRIX: Record<string, MatrixRow> = {};
for (const { folder, harness } of HARNESSES) {
  for (const [key, row] of Object.entries(harness.matrix ?? {})) {
    if (key in MATRIX) throw new Error(`the access matrix has two rows for ${key} (the second from ${folder})`);
    MATRIX[key] = row;
  }
}

const aDebts = [
  {
    nickname: 'A bank',
    debt_id: 1,
    initial_loan_amount: 25000,
    outstanding_balance: 18250.75,
    monthly_payment_amount: 450,
    interest_rate: 6.5,
    due_date: '2026-12-01',
  },
  { ...bDebts[0], debt_id: 2 },
];
const aPreferences = { ...bPreferences, payment_due_lead_days: 21, product_news: false };
const aFund = { ...bFund, saved_amount: 2000, monthly_income: 4000 };
const aConnect = {
  professionals_need: ['Financial Advisor', 'Accountant'],
  has_working_professional: true,
  satisfaction_level: 'satisfied',
};
const aGoal = { ...bGoal, name: 'Amarkerson trip', kind: 'travel', target_amount: 5000, saved_amount: 1000 };

const t = await createTestApp();
afterAll(() => t.close());
useApp(t);
const operations = listOperations(await readOpenApi(t.app));

/** The user's Vault documents, downloaded and decrypted, newest first. */
async function vaultContents(user: SignedInUser): Promise<string[]> {
  const contents: string[] = [];
  for (const file of await asUser(user, 'GET', `${VAULT}/files`)) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${VAULT}/files/${file.id}/content`,
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    contents.push(res.statusCode === 200 ? res.body : `${res.statusCode}`);
  }
  return contents;
}

/** The payments of the user's first loan (A has one, recorded by the seed). */
async function loanPaymentsOf(user: SignedInUser) {
  const [loan] = await asUser(user, 'GET', '/api/v1/user-debts');
  return loan ? await asUser(user, 'GET', `/api/v1/user-debts/${loan.id}/payments`) : [];
}

/** Data in every area for one user, so each check has something to leak or to change. */
async function seed(user: SignedInUser, debts: object[], preferences: object, goals: number[]) {
  await asUser(user, 'PUT', '/api/v1/user-debts', { debts });
  await asUser(user, 'PUT', '/api/v1/loan-plan', { extra_monthly: debts.length * 100 + 0.5 });
  await asUser(user, 'PUT', '/api/v1/email-reminder-preferences', preferences);
  await asUser(user, 'PUT', '/api/v1/onboarding/goals', { goal_ids: goals });
  await asUser(user, 'PUT', '/api/v1/onboarding/profile', {
    monthly_income: 1000 * (goals[0] ?? 1) + 0.25,
    first_focus: 'goal',
  });
  await asUser(user, 'POST', '/api/v1/feedback', { answers: [0, 1, 2, 3, 4, null], comment: `from ${user.email}` });
  const second = new SignedInUser(t);
  second.email = user.email;
  second.password = user.password;
  await second.signInAgain(); // a second session, on "another device"
}

/** A lifestyle goal with two entries, one of which the matrix names by id. */
async function seedGoal(user: SignedInUser, goal: object, note: string) {
  const { id } = await asUser(user, 'POST', GOALS, goal);
  await asUser(user, 'POST', `${GOALS}/${id}/entries`, fundDeposit(10, note));
  await asUser(user, 'POST', `${GOALS}/${id}/entries`, { ...fundDeposit(20, note), kind: 'withdrawal' });
}

/** The user's goals and the entries of the first one (A has one goal). */
async function goalsWithEntries(user: SignedInUser) {
  const goals = await asUser(user, 'GET', GOALS);
  return { goals, entries: await asUser(user, 'GET', `${GOALS}/${goals[0]?.id}/entries`) };
}

/** An emergency fund with two entries, one of which the matrix names by id. */
async function seedFund(user: SignedInUser, fund: object, note: string) {
  await asUser(user, 'POST', '/api/v1/user-emergency-fund', fund);
  await asUser(user, 'POST', '/api/v1/user-emergency-fund/entries', fundDeposit(10, note));
  await asUser(user, 'POST', '/api/v1/user-emergency-fund/entries', { ...fundDeposit(20, note), kind: 'withdrawal' });
}

/** Everything of A's that an API read or the database shows, to compare before and after B. */
async function snapshot(a: SignedInUser) {
  const [account] = await t.database.db
    .select({ hash: users.passwordHash, first: users.firstName, last: users.lastName, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, a.userId));
  return {
    onboarding: await asUser(a, 'GET', '/api/v1/auth/register'),
    onboardingProfile: await asUser(a, 'GET', '/api/v1/onboarding/profile'),
    sessions: await asUser(a, 'GET', '/api/v1/auth/sessions'),
    notifications: await asUser(a, 'GET', '/api/v1/notifications'),
    preferences: await asUser(a, 'GET', '/api/v1/email-reminder-preferences'),
    loans: await asUser(a, 'GET', '/api/v1/user-debts'),
    loanPayments: await loanPaymentsOf(a),
    loanPlan: await asUser(a, 'GET', '/api/v1/loan-plan'),
    feedback: await t.database.db
      .select({ id: feedback.id, answers: feedback.answers, comment: feedback.comment })
      .from(feedback)
      .where(eq(feedback.userId, a.userId)),
    // A's upload, never committed: no API lists imports.
    walletImports: await t.database.db
      .select({ id: walletImports.id, committedAt: walletImports.committedAt, content: walletImports.content })
      .from(walletImports)
      .where(eq(walletImports.userId, a.userId)),
    // A's bulk edit (a deletion), never undone: no API lists edits.
    // The bulk edits; a rule's application, an edit too, is `ruleApplications` below.
    walletEdits: await t.database.db
      .select({ id: walletEdits.id, kind: walletEdits.kind, undoneAt: walletEdits.undoneAt })
      .from(walletEdits)
      .where(and(eq(walletEdits.userId, a.userId), ne(walletEdits.kind, 'rule.apply'))),
    emergencyFund: await asUser(a, 'GET', '/api/v1/user-emergency-fund'),
    fundEntries: await asUser(a, 'GET', '/api/v1/user-emergency-fund/entries'),
    connect: await asUser(a, 'GET', '/api/v1/user-connect'),
    budgets: await asUser(a, 'GET', '/api/v1/user-budgets'),
    budgetSettings: await asUser(a, 'GET', '/api/v1/budgets/settings'),
    lifestyleGoals: await goalsWithEntries(a),
    investment: await asUser(a, 'GET', INVESTMENT),
    nest: await asUser(a, 'GET', NEST),
    nestEntries: await asUser(a, 'GET', `${NEST}/entries`),
    accounts: await asUser(a, 'GET', ACCOUNTS),
    walletTransactions: await asUser(a, 'GET', `${WALLET}/transactions`),
    walletSummary: await asUser(a, 'GET', `${WALLET}/summary`),
    walletRules: await asUser(a, 'GET', '/api/v1/rules'),
    recurring: await asUser(a, 'GET', '/api/v1/recurring'),
    // No API lists a rule's applications.
    ruleApplications: await t.database.db
      .select({ id: walletEdits.id, undoneAt: walletEdits.undoneAt })
      .from(walletEdits)
      .where(and(eq(walletEdits.userId, a.userId), eq(walletEdits.kind, 'rule.apply'))),
    bankConnections: await asUser(a, 'GET', BANK),
    passkeys: await asUser(a, 'GET', PASSKEYS),
    tools: await asUser(a, 'GET', TOOLS),
    vault: await asUser(a, 'GET', VAULT),
    vaultFiles: await asUser(a, 'GET', `${VAULT}/files`),
    // The document itself, decrypted: B can neither change nor delete A's bytes.
    vaultContent: await vaultContents(a),
    account,
  };
}

const parties: Parties = {
  a: await new SignedInUser(t).register({ first_name: 'Alicia', last_name: 'Amarkerson' }),
  b: await new SignedInUser(t).register({
    first_name: 'Bea',
    last_name: 'Bmarkerson',
    password: 'bea-own-password-2468',
  }),
};
await seed(parties.a, aDebts, aPreferences, [1, 2]);
await seed(parties.b, bDebts, bPreferences, [3]);
await seedFund(parties.a, aFund, 'Amarkerson fund');
await seedFund(parties.b, bFund, 'from B');
await asUser(parties.a, 'POST', '/api/v1/user-connect', aConnect);
await asUser(parties.b, 'POST', '/api/v1/user-connect', bConnect);
await asUser(parties.a, 'POST', '/api/v1/user-budgets', aBudget);
await asUser(parties.b, 'POST', '/api/v1/user-budgets', bBudget);
await seedGoal(parties.a, aGoal, 'Amarkerson goal');
await seedGoal(parties.b, bGoal, 'from B');
await asUser(parties.a, 'POST', INVESTMENT, aInvestment);
await asUser(parties.b, 'POST', INVESTMENT, bInvestment);
for (const [user, source] of [
  [parties.a, 'Amarkerson pay'],
  [parties.b, 'from B'],
] as const) {
  await asUser(user, 'POST', `${NEST}/activate`);
  await asUser(user, 'POST', ACCOUNTS, savings(`${source === 'from B' ? 'from B' : 'Amarkerson'} savings`));
  await asUser(user, 'POST', `${NEST}/deposits`, nestIncome(100, source));
  await asUser(user, 'POST', `${WALLET}/transactions`, walletSpend(-40, source));
  // A bulk edit (wallet_edits), which the undo row names: a purchase typed twice, deleted in bulk.
  const twice = await asUser(user, 'POST', `${WALLET}/transactions`, walletSpend(-2, `${source} twice`));
  await asUser(user, 'POST', `${WALLET}/transactions/bulk`, { ids: [twice.id], action: { type: 'delete' } });
  await uploadAs(user, `${source} bank row`);
  await connectBankAsUser(user);
  // A rule, applied to the transaction above (wallet_rules; its application a wallet_edits row and its items).
  const rule = await asUser(user, 'POST', '/api/v1/rules', {
    name: `${source} rule`,
    conditions: [
      { field: 'payee', op: 'equals', value: source },
      { field: 'amount', op: 'equals', value: 40 },
    ],
    actions: [{ type: 'rename_payee', payee: `${source}, renamed` }],
  });
  await asUser(user, 'POST', `/api/v1/rules/${rule.id}/apply`);
  // A recurring series in the Wallet, which the by-id rows of /v1/recurring name.
  const [walletOfUser] = await asUser(user, 'GET', ACCOUNTS);
  await asUser(user, 'POST', '/api/v1/recurring', {
    name: `${source} rent`,
    kind: 'bill',
    cadence: { every: 'month', day: 1 },
    amount: 40,
    account_id: walletOfUser.id,
    start_date: '2026-11-01',
  });
  // A loan payment from the user's savings, which the by-id rows of the payments name.
  const [loan] = await asUser(user, 'GET', '/api/v1/user-debts');
  const [, own] = await asUser(user, 'GET', ACCOUNTS);
  await asUser(user, 'POST', `/api/v1/user-debts/${loan.id}/payments`, {
    amount: 25,
    date: '2026-11-21',
    account_id: own.id,
  });
}
setACredentialId((await seedPasskey(parties.a, 'Amarkerson key')).credentialId);
for (const [user, tools] of [
  [parties.a, ['tax-planner', 'insurance-check-up']],
  [parties.b, ['credit-score-tracker', 'insurance-check-up']],
] as const) {
  for (const id of tools) await asUser(user, 'POST', `${TOOLS}/${id}/waitlist`);
}
for (const [user, name] of [
  [parties.a, 'Amarkerson tax notes.txt'],
  [parties.b, 'from B notes.txt'],
] as const) {
  await asUser(user, 'POST', `${VAULT}/activate`);
  await vaultUploadAs(user, name);
}
await seedPasskey(parties.b, 'B key');
// The forecast's alerts follow the money a moment later (lib/money-changed.ts): A's land before the snapshot.
await settleMoneyChanged();
const before = await snapshot(parties.a);

/** Strings that only A's data holds: none may appear in any answer B gets. */
const aMarkers = [
  parties.a.userId,
  parties.a.email,
  'Amarkerson',
  ...before.sessions.map((s: { id: string }) => s.id),
  ...before.notifications.map((n: { _id: string }) => n._id),
  ...before.loans.map((l: { id: string }) => l.id),
  ...before.feedback.map((f) => f.id),
  before.emergencyFund.id,
  ...before.fundEntries.map((e: { id: string }) => e.id),
  before.connect.id,
  ...before.budgets.flatMap((b: { id: string; categories: { id: string }[] }) => [
    b.id,
    ...b.categories.map((c) => c.id),
  ]),
  ...before.lifestyleGoals.goals.map((g: { id: string }) => g.id),
  ...before.lifestyleGoals.entries.map((e: { id: string }) => e.id),
  ...before.investment.accounts.map((a: { id: string }) => a.id),
  ...before.nest.deposits.map((d: { id: string }) => d.id),
  ...before.nestEntries.map((e: { id: string }) => e.id),
  ...before.accounts.map((x: { id: string }) => x.id),
  ...before.walletTransactions.map((x: { id: string }) => x.id),
  ...before.walletImports.map((x) => x.id),
  ...before.walletEdits.map((x) => x.id),
  ...before.walletRules.map((x: { id: string }) => x.id),
  ...before.recurring.map((x: { id: string }) => x.id),
  ...before.ruleApplications.map((x) => x.id),
  ...before.vaultFiles.map((f: { id: string }) => f.id),
  ...before.bankConnections.flatMap((c: { id: string; accounts: { id: string }[] }) => [
    c.id,
    ...c.accounts.map((x) => x.id),
  ]),
  aCredentialId,
];
seeded(before, aMarkers);

it('the table names every operation of the document, and only those', () => {
  const documented = operations.map((op) => op.key).sort();
  expect(
    documented.filter((k) => !(k in MATRIX)),
    'operations missing from MATRIX',
  ).toEqual([]);
  expect(
    Object.keys(MATRIX).filter((k) => !documented.includes(k)),
    'MATRIX rows for no operation',
  ).toEqual([]);
});

/**
 * Routes kept out of the document on purpose, so the fuzzer and this matrix do not see them: the
 * docs themselves, and the development outbox (loopback only, never in production; its own tests).
 */
const HIDDEN = [
  'GET /api/docs',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/*',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/openapi.json',
  'GET /api/dev/outbox',
];

it('every API route the server has is in the document, or hidden on purpose', () => {
  const documented = new Set(operations.map((op) => op.key.replace(/\/$/, '')));
  const undocumented = servedApiRoutes(t.app).filter((r) => !documented.has(r) && !HIDDEN.includes(r));
  expect(undocumented, 'routes neither documented (so fuzzed and checked here) nor in HIDDEN').toEqual([]);
});

it('A has data in every area the matrix checks', () => {
  expect(before.sessions.length).toBeGreaterThanOrEqual(2);
  expect(before.notifications.length).toBeGreaterThan(0);
  expect(before.passkeys.map((k: { name: string }) => k.name)).toEqual(['Amarkerson key']);
  expect(before.loans).toHaveLength(2);
  expect(before.feedback).toHaveLength(1);
  expect(before.onboarding.onboarding.goal_ids).toEqual([1, 2]);
  expect(before.preferences.payment_due_lead_days).toBe(21);
  expect(before.loans.map((l: { nickname: string | null }) => l.nickname)).toEqual(['A bank', null]);
  expect(before.loanPlan).toEqual({ extra_monthly: 200.5 });
  expect(before.emergencyFund.saved_amount).toBe(1990);
  expect(before.fundEntries).toHaveLength(2);
  expect(before.connect.professionals_need).toEqual(aConnect.professionals_need);
  expect(before.budgets.map((b: { month: string }) => b.month)).toEqual([aBudget.month]);
  expect(before.lifestyleGoals.goals.map((g: { saved_amount: number }) => g.saved_amount)).toEqual([990]);
  expect(before.lifestyleGoals.entries).toHaveLength(2);
  expect(before.investment.accounts.map((a: { snapshots: unknown[] }) => a.snapshots)).toEqual([
    [{ date: '2026-10-31', balance: 40000 }],
  ]);
  expect(before.nest.deposits.map((d: { source: string }) => d.source)).toEqual(['Amarkerson pay']);
  expect(before.nestEntries).toHaveLength(1);
  expect(before.accounts.map((x: { name: string; balance: number }) => [x.name, x.balance])).toEqual([
    ['Wallet', 60],
    // $250 opened, less the $25 loan payment the seed recorded from it.
    ['Amarkerson savings', 225],
  ]);
  expect(
    before.loanPayments.map((x: { amount: number; account: { name: string } }) => [x.amount, x.account.name]),
  ).toEqual([[25, 'Amarkerson savings']]);
  // A's loan payment from A's savings is in A's Wallet list too (named by the loan's type).
  expect(before.walletTransactions.map((x: { kind: string; payee: string }) => [x.kind, x.payee])).toEqual([
    ['loan_payment', 'Auto loan'],
    ['transaction', 'Amarkerson pay, renamed'],
  ]);
  expect(before.walletSummary.balance).toBe(60);
  expect(joinedTools(before.tools)).toEqual(['tax-planner', 'insurance-check-up']);
  expect(before.vaultFiles.map((f: { name: string }) => f.name)).toEqual(['Amarkerson tax notes.txt']);
  expect(before.vaultContent).toEqual(['Amarkerson tax notes.txt\n']);
  expect(before.walletImports).toEqual([
    { id: expect.any(String), committedAt: null, content: expect.stringContaining('Amarkerson pay bank row') },
  ]);
  expect(before.walletEdits).toEqual([{ id: expect.any(String), kind: 'bulk.delete', undoneAt: null }]);
});

describe.each(operations.filter((op) => op.key in MATRIX))('$key', (op) => {
  const entry = MATRIX[op.key] as MatrixRow;

  it(`${entry.access}: B gets ${entry.status}, sees nothing of A's, and A's data is unchanged`, async () => {
    const { a, b } = parties;
    await b.ensureSignedIn();
    const sent = entry.send?.(parties) ?? {};
    const res = await inject(b.accessToken, op, sent);
    expect(responseProblems(res), res.body).toEqual([]);
    expect(res.statusCode, res.body).toBe(entry.status);
    expectNothingOfA(res);
    await entry.check?.(parties, res);
    entry.after?.(parties, sent);

    if (entry.access === 'own' || entry.access === 'by-id') {
      // A's id offered wherever a client could slip it in: the query and the body.
      await b.ensureSignedIn();
      const slipped = `?user_id=${a.userId}&userId=${a.userId}&id=${a.userId}`;
      const body = sent.body ? { ...sent.body, user_id: a.userId, userId: a.userId } : undefined;
      const again = await inject(b.accessToken, op, { ...sent, ...(body ? { body } : {}) }, slipped);
      expect(again.statusCode).toBeLessThan(500);
      expectNothingOfA(again);
    }
    if (entry.control) {
      await b.ensureSignedIn();
      const own = await inject(b.accessToken, op, await entry.control(parties));
      expect(own.statusCode, `B's own id: ${own.body}`).toBe(entry.controlStatus ?? 200);
    }
    if (entry.access === 'public') {
      const anonymous = await inject(undefined, op, sent);
      expect(anonymous.statusCode).toBe(res.statusCode);
      expect(anonymous.body, 'a public answer is the same for everyone').toBe(res.body);
    }
    if (op.secured) {
      const anonymous = await inject(undefined, op, sent);
      expect(anonymous.statusCode).toBe(401);
      expect(responseProblems(anonymous)).toEqual([]);
    }

    expect(await snapshot(a)).toEqual(before);
  });
});

/**
 * An account id travels in bodies and query strings too (a transaction's account, the list's filter, an
 * import's account, where a deleted account's transactions go): A's account there is refused with the
 * same 400 as no account at all, and nothing of A's moves.
 */
it("A's account named by B wherever a request takes an account: a 400 naming the field, A unchanged", async () => {
  const { a, b } = parties;
  await b.ensureSignedIn();
  const aAccount = aSavings().id;
  const upload = await uploadAs(b, 'from B into A');
  const bJar = await asUser(b, 'POST', ACCOUNTS, { kind: 'cash', name: `from B jar ${Math.random()}` });
  await asUser(b, 'POST', `${WALLET}/transactions`, { ...walletSpend(-1, 'from B, jar'), account_id: bJar.id });
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object | Buffer, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${b.accessToken}`, ...headers },
      ...(payload ? { payload } : {}),
    });
  const file = bankCsv('from B into A');
  const answers = [
    [
      'account_id',
      await call('POST', `${WALLET}/transactions`, { ...walletSpend(-1, 'from B'), account_id: aAccount }),
    ],
    ['account_id', await call('GET', `${WALLET}/transactions?account_id=${aAccount}`)],
    ['account_id', await call('POST', `${IMPORTS}?account_id=${aAccount}`, file.payload, file.headers)],
    ['account_id', await call('POST', `${IMPORTS}/${upload.id}/preview`, { account_id: aAccount })],
    ['account_id', await call('POST', `${IMPORTS}/${upload.id}/commit`, { account_id: aAccount })],
    ['move_to', await call('DELETE', `${ACCOUNTS}/${bJar.id}?move_to=${aAccount}`)],
    [
      'account_id',
      await call('POST', `/api/v1/user-debts/${(await loanRef(b, 0)).id}/payments`, {
        amount: 1,
        date: '2026-11-21',
        account_id: aAccount,
      }),
    ],
    [
      'from_account_id',
      await call('POST', `${WALLET}/transfers`, {
        amount: 1,
        date: '2026-11-20',
        from_account_id: aAccount,
        to_account_id: bJar.id,
      }),
    ],
    [
      'to_account_id',
      await call('POST', `${WALLET}/transfers`, {
        amount: 1,
        date: '2026-11-20',
        from_account_id: bJar.id,
        to_account_id: aAccount,
      }),
    ],
  ] as const;
  for (const [field, res] of answers) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([field]);
    expectNothingOfA(res);
  }
  expect(await snapshot(a)).toEqual(before);
});
