import { feedback, users, walletImports } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { unzip } from '../../src/modules/account/testing.ts';
import { vaultFileBody } from '../../src/modules/vault/testing.ts';
import { fileBody } from '../../src/modules/wallet/testing.ts';
import { createTestApp } from '../test-app.ts';
import { fillPath, listOperations, type Operation, readOpenApi } from './openapi.ts';
import { responseProblems } from './response-checks.ts';
import { servedApiRoutes } from './served-routes.ts';
import { SignedInUser } from './signed-in-user.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

/**
 * The access-control matrix (issue 9): user A and user B both have data in every area; for every
 * operation of the OpenAPI document, B does what the operation allows with A's ids and identifiers
 * wherever the request can carry them. B must get 404 for A's ids, see only B's rows, never see
 * anything of A's, and A's data, read back as A, must be exactly as before.
 *
 * Every operation must be in MATRIX: a new route fails this file until someone says who may use it.
 */

type Access =
  /** No user data at all: anyone gets the same answer. */
  | 'public'
  /** Acts on what the request proves (an email and password, a mailed token, a refresh token), not on the bearer. */
  | 'credential'
  /** The signed-in user's own rows; nothing in the request names a row. */
  | 'own'
  /** A row named by a path id: another user's id is a 404. */
  | 'by-id';

interface Parties {
  a: SignedInUser;
  b: SignedInUser;
}

interface Sent {
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  /** A body that is not JSON (a bank file's multipart upload), with its content type. */
  raw?: { payload: Buffer; headers: Record<string, string> };
}

interface Entry {
  access: Access;
  /** What B sends; A's ids and identifiers go wherever the request has room for them. */
  send?: (p: Parties) => Sent;
  /** The status B gets. */
  status: number;
  /** What else B's answer must show (that it is B's own data). */
  check?: (p: Parties, res: LightMyRequestResponse) => void | Promise<void>;
  /** B's own id in the same request works, so the 404 for A's id is not a broken route. */
  control?: (p: Parties) => Sent | Promise<Sent>;
  /** The status of the control when it is not 200 (a 201 for a create under B's own id). */
  controlStatus?: number;
  /** Keeps the harness's copy of B in step when the request changed B (a new password). */
  after?: (p: Parties, sent: Sent) => void;
}

const bDebts = [
  {
    debt_id: 3,
    initial_loan_amount: 1200,
    outstanding_balance: 800.5,
    monthly_payment_amount: 75,
    interest_rate: 19.99,
    due_date: '2026-12-05',
  },
];
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
const bPreferences = {
  payment_due_reminders: false,
  payment_due_lead_days: 10,
  goal_milestones: false,
  monthly_summary: true,
  product_news: true,
};
const aPreferences = { ...bPreferences, payment_due_lead_days: 21, product_news: false };
const bFund = {
  is_saving: true,
  saved_amount: 300,
  monthly_income: 3000,
  monthly_saving: 50,
  monthly_saving_want: 100,
};
const aFund = { ...bFund, saved_amount: 2000, monthly_income: 4000 };
// Dated today (the test clock's): a fund takes no entry dated before the day it was set up.
const fundDeposit = (amount: number, note: string) => ({ kind: 'deposit', amount, date: '2026-11-21', note });
const bConnect = { professionals_need: ['Mortgage Broker'], has_working_professional: false };
const aConnect = {
  professionals_need: ['Financial Advisor', 'Accountant'],
  has_working_professional: true,
  satisfaction_level: 'satisfied',
};
const bBudget = {
  month: '2026-11',
  net_income: 3000,
  categories: [{ name: 'Rent', group: 'needs', planned: 1200, preset: 'housing' }],
};
const aBudget = {
  month: '2026-10',
  net_income: 5000,
  categories: [{ name: 'Amarkerson rent', group: 'needs', planned: 2000, preset: 'housing' }],
};
const bGoal = { name: 'B goal', kind: 'car', target_amount: 8000, saved_amount: 100, horizon_years: 3 };
const aGoal = { ...bGoal, name: 'Amarkerson trip', kind: 'travel', target_amount: 5000, saved_amount: 1000 };
const GOALS = '/api/v1/user-lifestyle-saving';
/** B's own goal, read when a control needs its id and version. */
const bOwnGoal = async (p: Parties): Promise<{ id: string; version: number }> =>
  (await asUser(p.b, 'GET', GOALS)).find((g: { name: string }) => g.name === bGoal.name);
const bAccount = {
  name: 'B brokerage',
  kind: 'brokerage',
  balance: 900,
  monthly_contribution: 10,
  expected_return_percent: 5,
};
const bInvestment = { birth_year: 1990, retirement_age: 67, accounts: [bAccount] };
const aInvestment = {
  birth_year: 1980,
  retirement_age: 62,
  accounts: [{ ...bAccount, name: 'Amarkerson 401k', kind: '401k', balance: 40000, balance_on: '2026-10-31' }],
};
const INVESTMENT = '/api/v1/user-investment';
/** B's first account, read when a control needs its id and version. */
const bOwnAccount = async (p: Parties): Promise<{ id: string; version: number }> =>
  (await asUser(p.b, 'GET', INVESTMENT)).accounts[0];
const NEST = '/api/v1/nest';
const nestIncome = (amount: number, source: string) => ({ amount, date: '2026-11-20', source });
const WALLET = '/api/v1/wallet';
const walletSpend = (amount: number, payee: string) => ({ amount, date: '2026-11-20', payee });
/** B's newest wallet transaction, read when a control needs its id and version. */
const bOwnTransaction = async (p: Parties): Promise<{ id: string; version: number }> =>
  (await asUser(p.b, 'GET', `${WALLET}/transactions`))[0];
/** B's savings account (B's transfers go between it and B's Wallet). */
const bSavingsAccount = async (p: Parties): Promise<{ id: string }> =>
  (await asUser(p.b, 'GET', ACCOUNTS)).find((x: { name: string }) => x.name.startsWith('from B savings'));
/** A transfer of B's own, dated before B's spending (so B's newest transaction stays a spending). */
const walletTransferBody = () => ({ amount: 1, date: '2026-11-02', from_account_id: 'x', to_account_id: 'y' });
const bTransfer = async (p: Parties) => {
  const [wallet] = await asUser(p.b, 'GET', ACCOUNTS);
  return { ...walletTransferBody(), from_account_id: (await bSavingsAccount(p)).id, to_account_id: wallet.id };
};
const ACCOUNTS = '/api/v1/accounts';
/** A savings account with an opening balance, named for its owner. */
const savings = (name: string) => ({ kind: 'savings', name, opening_balance: 250, opening_date: '2026-11-01' });
/** A's savings account (not the Wallet), which B names in the by-id rows of the accounts. */
const aSavings = (): { id: string; version: number } => before.accounts[1];
const PASSKEYS = '/api/v1/auth/passkeys';
const TOOLS = '/api/v1/tools';
/** The ids of the tools whose waitlist an answer's list shows the user on. */
const joinedTools = (tools: { id: string; on_waitlist: boolean }[]) =>
  tools.filter((x) => x.on_waitlist).map((x) => x.id);
/** A's passkey's credential id, which B offers to the sign-in routes. */
let aCredentialId = '';
/** A passkey answer that only looks like one: the shape passes, the WebAuthn check cannot. */
const fakeCredential = (id: string) => ({ id, rawId: id, type: 'public-key', response: { clientDataJSON: 'e30' } });
let passwordCounter = 0;

const isB = (p: Parties, res: LightMyRequestResponse) => expect(res.json().data.user.id).toBe(p.b.userId);

const MATRIX: Record<string, Entry> = {
  'GET /api/health/live': { access: 'public', status: 200 },
  'GET /api/health/ready': { access: 'public', status: 200 },
  'POST /api/v1/auth/register': {
    access: 'credential',
    // Registering A's address again must not take over or rename A's account.
    send: (p) => ({
      body: { first_name: 'Mallory', last_name: 'Taker', email: p.a.email, password: 'a-different-long-password-9' },
    }),
    status: 409,
  },
  'GET /api/v1/auth/register': { access: 'own', status: 200, check: isB },
  'POST /api/v1/auth/login': {
    access: 'credential',
    send: (p) => ({ body: { email: p.a.email, password: p.b.password } }),
    status: 401,
  },
  'POST /api/v1/auth/token': {
    access: 'credential',
    // B's access token is not a refresh token: without A's refresh token nothing is issued.
    send: (p) => ({ body: { refresh_token: `${p.a.accessToken}` } }),
    status: 403,
  },
  'POST /api/v1/auth/logout': {
    access: 'credential',
    // B's bearer and A's access token in the body end no session of A's.
    send: (p) => ({ body: { refreshToken: p.a.accessToken } }),
    status: 200,
  },
  'POST /api/v1/auth/verify-email': {
    access: 'credential',
    send: (p) => ({ body: { token: p.a.userId } }),
    status: 400,
  },
  'POST /api/v1/auth/resend-verification-email': { access: 'own', status: 200 },
  'POST /api/v1/auth/forgot-password': {
    access: 'credential',
    // A's owner gets a link by mail; the answer to B says nothing and changes nothing of A's.
    send: (p) => ({ body: { email: p.a.email } }),
    status: 200,
  },
  'POST /api/v1/auth/reset-password': {
    access: 'credential',
    send: (p) => ({ body: { token: p.a.userId, password: 'a-different-long-password-9' } }),
    status: 400,
  },
  'POST /api/v1/auth/change-password': {
    access: 'own',
    send: (p) => ({ body: { current_password: p.b.password, new_password: `b-new-password-${++passwordCounter}-x` } }),
    status: 200,
    after: (p, sent) => {
      p.b.password = String(sent.body?.new_password);
    },
  },
  'PUT /api/v1/auth/profile': {
    access: 'own',
    send: () => ({ body: { first_name: 'Beatrix', last_name: 'Renamed' } }),
    status: 200,
    check: (p, res) => expect(res.json().data.id).toBe(p.b.userId),
  },
  'GET /api/v1/auth/sessions': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.some((s: { current: boolean }) => s.current)).toBe(true),
  },
  'POST /api/v1/auth/sessions/revoke-others': { access: 'own', status: 200 },
  'POST /api/v1/auth/login/2fa': {
    access: 'credential',
    // Only the challenge of a password step opens a session: B's bearer and A's ids do not.
    send: (p) => ({ body: { challenge: p.a.accessToken, code: '123456' } }),
    status: 401,
  },
  // B's own authenticator: a pending secret of B's, which B's wrong first code does not turn on;
  // B has no two-factor sign-in to regenerate codes for or to turn off.
  'POST /api/v1/auth/2fa/setup': {
    access: 'own',
    status: 200,
    check: (p, res) => expect(res.json().data.otpauth_url).toContain(encodeURIComponent(p.b.email)),
  },
  'POST /api/v1/auth/2fa/enable': { access: 'own', send: () => ({ body: { code: 'not-a-code' } }), status: 400 },
  'POST /api/v1/auth/2fa/recovery-codes': { access: 'own', send: () => ({ body: { code: '123456' } }), status: 409 },
  'POST /api/v1/auth/2fa/disable': {
    access: 'own',
    send: (p) => ({ body: { password: p.b.password, code: '123456' } }),
    status: 409,
  },
  'GET /api/v1/auth/passkeys': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.length).toBeGreaterThan(0),
  },
  'POST /api/v1/auth/passkeys/options': {
    access: 'own',
    status: 200,
    check: (p, res) => expect(res.json().data.options.user.name).toBe(p.b.email),
  },
  'POST /api/v1/auth/passkeys': {
    access: 'own',
    send: () => ({ body: { name: 'B copy of A', credential: fakeCredential(aCredentialId) } }),
    status: 400,
  },
  'DELETE /api/v1/auth/passkeys/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: String(before.passkeys[0]?.id) } }),
    status: 404,
    control: async (p) => ({ params: { id: String((await seedPasskey(p.b, 'B spare')).id) } }),
  },
  // Sudo mode acts on B's own session only; A's passkeys never answer B's challenge.
  'POST /api/v1/auth/reauthenticate': {
    access: 'own',
    send: (p) => ({ body: { password: p.b.password } }),
    status: 200,
  },
  'POST /api/v1/auth/reauthenticate/passkey-options': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(JSON.stringify(res.json().data.options)).not.toContain(aCredentialId),
  },
  // A new challenge each time, so not 'public' (the same answer for everyone); it names no one.
  'POST /api/v1/auth/passkey-login/options': { access: 'credential', status: 200 },
  'POST /api/v1/auth/passkey-login': {
    access: 'credential',
    // A's credential id with a challenge id that is A's user id: no session for anyone.
    send: (p) => ({ body: { challenge_id: p.a.userId, credential: fakeCredential(aCredentialId) } }),
    status: 401,
  },
  'POST /api/v1/auth/login/2fa/passkey-options': {
    access: 'credential',
    send: (p) => ({ body: { challenge: p.a.accessToken } }),
    status: 401,
  },
  'POST /api/v1/auth/login/2fa/passkey': {
    access: 'credential',
    send: (p) => ({ body: { challenge: p.a.accessToken, credential: fakeCredential(aCredentialId) } }),
    status: 401,
  },
  'GET /api/v1/goals': { access: 'public', status: 200 },
  'GET /api/v1/debts': { access: 'public', status: 200 },
  'GET /api/v1/debts/images/{file}': {
    access: 'public',
    send: () => ({ params: { file: 'auto-loans.svg' } }),
    status: 200,
  },
  'GET /api/v1/config': { access: 'public', status: 200 },
  'PUT /api/v1/onboarding/goals': {
    access: 'own',
    send: () => ({ body: { goal_ids: [4] } }),
    status: 200,
    check: (_p, res) => expect(res.json().data.goal_ids).toEqual([4]),
  },
  'GET /api/v1/onboarding/profile': { access: 'own', status: 200 },
  'PUT /api/v1/onboarding/profile': {
    access: 'own',
    send: () => ({ body: { monthly_income: 5200, first_focus: 'budget' } }),
    status: 200,
    check: (_p, res) => expect(res.json().data).toEqual({ monthly_income: 5200, first_focus: 'budget' }),
  },
  'GET /api/v1/notifications/': {
    access: 'own',
    status: 200,
    check: (p, res) => expect(res.json().data.map((n: { _id: string }) => n._id)).toContain(p.b.notificationId),
  },
  'PUT /api/v1/notifications/mark-all-read': { access: 'own', status: 200 },
  'PUT /api/v1/notifications/{id}/read': {
    access: 'by-id',
    send: (p) => ({ params: { id: p.a.notificationId } }),
    status: 404,
    control: (p) => ({ params: { id: p.b.notificationId } }),
  },
  'GET /api/v1/email-reminder-preferences/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data).toMatchObject(bPreferences),
  },
  'PUT /api/v1/email-reminder-preferences/': { access: 'own', send: () => ({ body: bPreferences }), status: 200 },
  'GET /api/v1/user-debts/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.map((d: { debt_id: number }) => d.debt_id)).toEqual([3]),
  },
  // A whole-list save names saved loans by the `id` of a row: A's loan there is a 404, like a path id.
  'POST /api/v1/user-debts/': {
    access: 'by-id',
    send: () => ({ body: { debts: [{ ...bDebts[0], ...aLoan() }] } }),
    status: 404,
    control: async (p) => ({ body: { debts: [{ ...bDebts[0], ...(await loanRef(p.b, 0)) }] } }),
  },
  // The spec's client: rows without ids.
  'PUT /api/v1/user-debts/': { access: 'own', send: () => ({ body: { debts: bDebts } }), status: 200 },
  'PUT /api/v1/user-debts/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: aLoan().id }, body: { ...bDebts[0], version: aLoan().version } }),
    status: 404,
    control: async (p) => {
      const { id, version } = await loanRef(p.b, 0);
      return { params: { id }, body: { ...bDebts[0], version } };
    },
  },
  'DELETE /api/v1/user-debts/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: aLoan().id } }),
    status: 404,
    // B deletes a second loan of B's own, so B's list is what the other rows expect afterwards.
    control: async (p) => {
      await asUser(p.b, 'PUT', '/api/v1/user-debts', { debts: [...bDebts, { ...bDebts[0], debt_id: 5 }] });
      return { params: { id: (await loanRef(p.b, 1)).id } };
    },
  },
  'GET /api/v1/user-debts/{id}/payments': {
    access: 'by-id',
    send: () => ({ params: { id: aLoan().id } }),
    status: 404,
    control: async (p) => ({ params: { id: (await loanRef(p.b, 0)).id } }),
  },
  // A's loan from B's own savings: the loan is not B's (404), whatever the account.
  'POST /api/v1/user-debts/{id}/payments': {
    access: 'by-id',
    send: () => ({ params: { id: aLoan().id }, body: { amount: 10, date: '2026-11-21' } }),
    status: 404,
    control: async (p) => ({ params: { id: (await loanRef(p.b, 0)).id }, body: { amount: 10, date: '2026-11-21' } }),
    controlStatus: 201,
  },
  'DELETE /api/v1/user-debts/{id}/payments/{paymentId}': {
    access: 'by-id',
    send: () => ({ params: { id: aLoan().id, paymentId: before.loanPayments[0].id } }),
    status: 404,
    // B undoes a payment of B's own loan, recorded for the purpose.
    control: async (p) => {
      const { id } = await loanRef(p.b, 0);
      const { payment } = await asUser(p.b, 'POST', `/api/v1/user-debts/${id}/payments`, {
        amount: 5,
        date: '2026-11-21',
      });
      return { params: { id, paymentId: payment.id } };
    },
  },
  'GET /api/v1/loan-plan/': {
    access: 'own',
    status: 200,
    // B's own ($100.50 from the seed, or $2 once B's PUT ran), never A's $200.50.
    check: (_p, res) => expect([100.5, 2]).toContain(res.json().data.extra_monthly),
  },
  'PUT /api/v1/loan-plan/': {
    access: 'own',
    send: () => ({ body: { extra_monthly: 2 } }),
    status: 200,
    check: (_p, res) => expect(res.json().data).toEqual({ extra_monthly: 2 }),
  },
  'GET /api/v1/user-emergency-fund/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.monthly_income).toBe(bFund.monthly_income),
  },
  // B has a fund already: a second is a 409, and A's is not touched.
  'POST /api/v1/user-emergency-fund/': { access: 'own', send: () => ({ body: bFund }), status: 409 },
  'PUT /api/v1/user-emergency-fund/': {
    access: 'own',
    send: () => ({ body: bFund }),
    status: 200,
    check: (_p, res) => expect(res.json().data.monthly_income).toBe(bFund.monthly_income),
  },
  'GET /api/v1/user-emergency-fund/entries': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.length).toBeGreaterThan(0),
  },
  'POST /api/v1/user-emergency-fund/entries': {
    access: 'own',
    send: () => ({ body: { kind: 'deposit', amount: 5, date: '2026-11-21', note: 'from B' } }),
    status: 201,
  },
  'DELETE /api/v1/user-emergency-fund/entries/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.fundEntries[0].id } }),
    status: 404,
    control: async (p) => {
      const made = await asUser(p.b, 'POST', '/api/v1/user-emergency-fund/entries', fundDeposit(1, 'B deletes'));
      return { params: { id: made.entry.id } };
    },
  },
  'GET /api/v1/user-budgets/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.map((b: { month: string }) => b.month)).toEqual([bBudget.month]),
  },
  'GET /api/v1/user-budgets/prefill': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.debt_payments).toBe(bDebts[0]?.monthly_payment_amount),
  },
  // A's month names a budget only A has: B can not copy it (404 naming copy_from), and gets no month.
  'POST /api/v1/user-budgets/': {
    access: 'own',
    send: () => ({ body: { month: '2026-12', copy_from: aBudget.month } }),
    status: 404,
  },
  'PUT /api/v1/user-budgets/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.budgets[0].id }, body: { ...bBudget, version: before.budgets[0].version } }),
    status: 404,
    control: async (p) => {
      const own = (await asUser(p.b, 'GET', '/api/v1/user-budgets'))[0];
      return { params: { id: own.id }, body: { ...bBudget, version: own.version } };
    },
  },
  'DELETE /api/v1/user-budgets/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.budgets[0].id } }),
    status: 404,
    // B deletes a second month of B's own, so B's list is what the other rows expect.
    control: async (p) => {
      const made = await asUser(p.b, 'POST', '/api/v1/user-budgets', { ...bBudget, month: '2026-01' });
      return { params: { id: made.id } };
    },
  },
  'GET /api/v1/user-lifestyle-saving/': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      const names = res.json().data.map((g: { name: string }) => g.name);
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((n: string) => n === bGoal.name)).toBe(true);
    },
  },
  'POST /api/v1/user-lifestyle-saving/': {
    access: 'own',
    send: () => ({ body: bGoal }),
    status: 201,
    check: (_p, res) => expect(res.json().data.name).toBe(bGoal.name),
  },
  'GET /api/v1/user-lifestyle-saving/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.lifestyleGoals.goals[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: (await bOwnGoal(p)).id } }),
  },
  'PUT /api/v1/user-lifestyle-saving/{id}': {
    access: 'by-id',
    send: () => {
      const { id, version } = before.lifestyleGoals.goals[0];
      return { params: { id }, body: { ...bGoal, version } };
    },
    status: 404,
    control: async (p) => {
      const { id, version } = await bOwnGoal(p);
      return { params: { id }, body: { ...bGoal, version } };
    },
  },
  'DELETE /api/v1/user-lifestyle-saving/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.lifestyleGoals.goals[0].id } }),
    status: 404,
    // B deletes a second goal of B's own, so B keeps the one the other rows use.
    control: async (p) => ({ params: { id: (await asUser(p.b, 'POST', GOALS, { ...bGoal, name: 'B spare' })).id } }),
  },
  'GET /api/v1/user-lifestyle-saving/{id}/entries': {
    access: 'by-id',
    send: () => ({ params: { id: before.lifestyleGoals.goals[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: (await bOwnGoal(p)).id } }),
  },
  'POST /api/v1/user-lifestyle-saving/{id}/entries': {
    access: 'by-id',
    // A withdrawal A's goal could pay: refused all the same, and A's balance stays.
    send: () => ({
      params: { id: before.lifestyleGoals.goals[0].id },
      body: { ...fundDeposit(5, 'from B'), kind: 'withdrawal' },
    }),
    status: 404,
    control: async (p) => ({ params: { id: (await bOwnGoal(p)).id }, body: fundDeposit(5, 'from B') }),
    controlStatus: 201,
  },
  'DELETE /api/v1/user-lifestyle-saving/{id}/entries/{entryId}': {
    access: 'by-id',
    send: () => ({
      params: { id: before.lifestyleGoals.goals[0].id, entryId: before.lifestyleGoals.entries[0].id },
    }),
    status: 404,
    control: async (p) => {
      const { id } = await bOwnGoal(p);
      const made = await asUser(p.b, 'POST', `${GOALS}/${id}/entries`, fundDeposit(1, 'B deletes'));
      return { params: { id, entryId: made.entry.id } };
    },
  },
  'GET /api/v1/user-investment/': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      const names = res.json().data.accounts.map((a: { name: string }) => a.name);
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((n: string) => n.startsWith('B '))).toBe(true);
    },
  },
  // B has a profile already: a second is a 409, and A's is not touched.
  'POST /api/v1/user-investment/': { access: 'own', send: () => ({ body: bInvestment }), status: 409 },
  // Only this row changes B's profile, so B's version is still the first.
  'PUT /api/v1/user-investment/': {
    access: 'own',
    send: () => ({ body: { birth_year: 1991, retirement_age: 66, version: 1 } }),
    status: 200,
    check: (_p, res) => expect(res.json().data).toMatchObject({ birth_year: 1991, retirement_age: 66 }),
  },
  'POST /api/v1/user-investment/accounts': {
    access: 'own',
    send: () => ({ body: { ...bAccount, name: 'B added' } }),
    status: 201,
    check: (_p, res) => expect(res.json().data.accounts.map((a: { name: string }) => a.name)).toContain('B added'),
  },
  'PUT /api/v1/user-investment/accounts/{id}': {
    access: 'by-id',
    send: () => {
      const { id, version } = before.investment.accounts[0];
      return { params: { id }, body: { ...bAccount, balance: 1, version } };
    },
    status: 404,
    control: async (p) => {
      const { id, version } = await bOwnAccount(p);
      return { params: { id }, body: { ...bAccount, version } };
    },
  },
  'DELETE /api/v1/user-investment/accounts/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.investment.accounts[0].id } }),
    status: 404,
    // B deletes a second account of B's own, so B keeps the one the other rows use.
    control: async (p) => {
      const made = await asUser(p.b, 'POST', `${INVESTMENT}/accounts`, { ...bAccount, name: 'B spare' });
      return { params: { id: made.accounts.at(-1).id } };
    },
  },
  'GET /api/v1/nest/': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      const sources = res.json().data.deposits.map((d: { source: string }) => d.source);
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.every((s: string) => s.startsWith('from B'))).toBe(true);
    },
  },
  // B's Nest is active already: again is a 200, and A's is not touched.
  'POST /api/v1/nest/activate': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.active).toBe(true),
  },
  // Only this row changes B's rules, so B's version is still the first.
  'PUT /api/v1/nest/allocation': {
    access: 'own',
    send: () => ({ body: { rules: [{ bucket: 'wallet', kind: 'fixed', value: 5 }], version: 1 } }),
    status: 200,
    check: (_p, res) => expect(res.json().data.rules).toHaveLength(1),
  },
  'POST /api/v1/nest/deposits': {
    access: 'own',
    send: () => ({ body: nestIncome(5, 'from B') }),
    status: 201,
    check: (_p, res) => expect(res.json().data.deposit.source).toBe('from B'),
  },
  'POST /api/v1/nest/deposits/{id}/reverse': {
    access: 'by-id',
    send: () => ({ params: { id: before.nest.deposits[0].id } }),
    status: 404,
    control: async (p) => ({
      params: { id: (await asUser(p.b, 'POST', `${NEST}/deposits`, nestIncome(1, 'from B'))).deposit.id },
    }),
  },
  'GET /api/v1/nest/entries': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.length).toBeGreaterThan(0),
  },
  'GET /api/v1/accounts/': {
    access: 'own',
    status: 200,
    check: (_p, res) =>
      expect(res.json().data.map((x: { name: string }) => x.name)).toEqual(['Wallet', 'from B savings']),
  },
  'POST /api/v1/accounts/': {
    access: 'own',
    send: () => ({ body: { kind: 'cash', name: 'from B jar' } }),
    status: 201,
    check: (_p, res) => expect(res.json().data).toMatchObject({ name: 'from B jar', balance: 0 }),
  },
  'PUT /api/v1/accounts/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: aSavings().id }, body: { ...savings('from B'), version: aSavings().version } }),
    status: 404,
    control: async (p) => {
      const own = (await asUser(p.b, 'GET', ACCOUNTS)).find((x: { name: string }) => x.name === 'from B savings');
      return { params: { id: own.id }, body: { ...savings('from B savings'), version: own.version } };
    },
  },
  'DELETE /api/v1/accounts/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: aSavings().id } }),
    status: 404,
    control: async (p) => ({
      params: {
        id: (await asUser(p.b, 'POST', ACCOUNTS, { kind: 'cash', name: `from B, deleted ${Math.random()}` })).id,
      },
    }),
  },
  'GET /api/v1/wallet/transactions': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      // B's transfers (between B's own accounts) are named 'Transfer'; everything else is B's by name.
      const payees = res
        .json()
        .data.filter((x: { kind: string }) => x.kind !== 'transfer')
        .map((x: { payee: string }) => x.payee);
      expect(payees.length).toBeGreaterThan(0);
      expect(payees.every((s: string) => s.startsWith('from B'))).toBe(true);
    },
  },
  'POST /api/v1/wallet/transactions': {
    access: 'own',
    send: () => ({ body: walletSpend(-3, 'from B') }),
    status: 201,
    check: (_p, res) => expect(res.json().data.payee).toBe('from B'),
  },
  'PUT /api/v1/wallet/transactions/{id}': {
    access: 'by-id',
    send: () => {
      const { id, version } = before.walletTransactions[0];
      return { params: { id }, body: { ...walletSpend(-1, 'from B'), version } };
    },
    status: 404,
    control: async (p) => {
      const { id, version } = await bOwnTransaction(p);
      return { params: { id }, body: { ...walletSpend(-2, 'from B, saved'), version } };
    },
  },
  'DELETE /api/v1/wallet/transactions/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletTransactions[0].id } }),
    status: 404,
    control: async (p) => ({
      params: { id: (await asUser(p.b, 'POST', `${WALLET}/transactions`, walletSpend(-1, 'from B, deleted'))).id },
    }),
  },
  'POST /api/v1/wallet/transactions/{id}/transfer': {
    access: 'by-id',
    send: () => {
      const { id, version } = before.walletTransactions[0];
      return { params: { id }, body: { account_id: aSavings().id, version } };
    },
    status: 404,
    control: async (p) => {
      const spent = await asUser(p.b, 'POST', `${WALLET}/transactions`, walletSpend(-4, 'from B, to savings'));
      return { params: { id: spent.id }, body: { account_id: (await bSavingsAccount(p)).id, version: spent.version } };
    },
  },
  // B's own ordinary transaction is a 409 (not linked): the route reached B's row, not a 404.
  'POST /api/v1/wallet/transactions/{id}/unlink': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletTransactions[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: (await bOwnTransaction(p)).id } }),
    controlStatus: 409,
  },
  // A's accounts are no accounts of B's: a 400 naming the field, and nothing moves.
  'POST /api/v1/wallet/transfers': {
    access: 'own',
    send: () => ({
      body: { ...walletTransferBody(), from_account_id: aSavings().id, to_account_id: before.accounts[0].id },
    }),
    status: 400,
    check: (_p, res) =>
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['from_account_id', 'to_account_id']),
    control: async (p) => ({ body: await bTransfer(p) }),
    controlStatus: 201,
  },
  'PUT /api/v1/wallet/transfers/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletTransactions[0].id }, body: { ...walletTransferBody(), version: 1 } }),
    status: 404,
    control: async (p) => {
      const made = await asUser(p.b, 'POST', `${WALLET}/transfers`, await bTransfer(p));
      return { params: { id: made.id }, body: { ...(await bTransfer(p)), amount: 2, version: made.version } };
    },
  },
  'DELETE /api/v1/wallet/transfers/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletTransactions[0].id } }),
    status: 404,
    control: async (p) => ({
      params: { id: (await asUser(p.b, 'POST', `${WALLET}/transfers`, await bTransfer(p))).id },
    }),
  },
  'GET /api/v1/wallet/summary': {
    access: 'own',
    status: 200,
    // November is B's budget month (A's is October): its categories are B's.
    check: (_p, res) => {
      expect(res.json().data.has_budget).toBe(true);
      expect(res.json().data.categories[0]).toMatchObject({ name: 'Rent', planned: 1200 });
    },
  },
  'GET /api/v1/home/': {
    access: 'own',
    status: 200,
    // B's figures only: B's November budget (A's is October), B's retirement age (62 is A's).
    check: (_p, res) => {
      const data = res.json().data;
      expect(data.first_name).not.toBe('Alicia');
      expect(data.budget).toMatchObject({ month: bBudget.month, net_income: bBudget.net_income });
      expect(data.investments.retirement_age).not.toBe(aInvestment.retirement_age);
    },
  },
  'POST /api/v1/wallet/imports/': {
    access: 'own',
    send: () => ({ raw: bankCsv('from B uploaded') }),
    status: 201,
    check: (_p, res) =>
      expect(res.json().data.rows.map((r: { payee: string }) => r.payee)).toEqual(['from B uploaded']),
  },
  'POST /api/v1/wallet/imports/{id}/preview': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletImports[0]?.id ?? '' }, body: {} }),
    status: 404,
    control: async (p) => ({ params: { id: (await uploadAs(p.b, 'from B previewed')).id }, body: {} }),
  },
  'POST /api/v1/wallet/imports/{id}/commit': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletImports[0]?.id ?? '' }, body: {} }),
    status: 404,
    control: async (p) => ({ params: { id: (await uploadAs(p.b, 'from B imported')).id }, body: {} }),
  },
  'GET /api/v1/user-connect/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.professionals_need).toEqual(bConnect.professionals_need),
  },
  // B has a request already: a second is a 409, and A's is not touched.
  'POST /api/v1/user-connect/': { access: 'own', send: () => ({ body: bConnect }), status: 409 },
  'PUT /api/v1/user-connect/': {
    access: 'own',
    send: () => ({ body: bConnect }),
    status: 200,
    check: (_p, res) => expect(res.json().data.professionals_need).toEqual(bConnect.professionals_need),
  },
  'POST /api/v1/feedback': {
    access: 'own',
    send: () => ({ body: { answers: [1, 1, 1, 1, 1, 1], comment: 'from B' } }),
    status: 201,
  },
  // The archive is compressed, so the check opens it: B's account only, nothing of A's in any file.
  'GET /api/v1/account/export': {
    access: 'own',
    status: 200,
    check: async (p, res) => {
      const files = await unzip(res.rawPayload);
      expect(JSON.parse(String(files.get('data.json'))).users.map((u: { id: string }) => u.id)).toEqual([p.b.userId]);
      for (const content of files.values()) expectNothingOfA({ body: String(content) } as LightMyRequestResponse);
    },
  },
  'GET /api/v1/tools/': {
    access: 'own',
    status: 200,
    // B's own waitlists (B may have joined A's tax planner in the POST row, or left the check-up), never A's.
    check: (_p, res) => {
      const joined = joinedTools(res.json().data);
      expect(joined).toContain('credit-score-tracker');
      expect(joined.every((id) => ['credit-score-tracker', 'insurance-check-up', 'tax-planner'].includes(id))).toBe(
        true,
      );
    },
  },
  // The id names one of the product's tools, not a row: B joins the one A is on, and A's stays as it was.
  'POST /api/v1/tools/{id}/waitlist': {
    access: 'own',
    send: () => ({ params: { id: 'tax-planner' } }),
    status: 201,
    check: (_p, res) => expect(res.json().data).toMatchObject({ id: 'tax-planner', on_waitlist: true }),
  },
  // Both are on the check-up's list: B leaves it, A is still on it.
  'DELETE /api/v1/tools/{id}/waitlist': {
    access: 'own',
    send: () => ({ params: { id: 'insurance-check-up' } }),
    status: 200,
    check: (_p, res) => expect(res.json().data).toMatchObject({ id: 'insurance-check-up', on_waitlist: false }),
  },
  'GET /api/v1/vault/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data).toMatchObject({ active: true }),
  },
  // B's Vault is active already: the same answer, nothing of A's touched.
  'POST /api/v1/vault/activate': { access: 'own', status: 200 },
  'GET /api/v1/vault/files': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      const names = res.json().data.map((f: { name: string }) => f.name);
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((n: string) => n.startsWith('from B'))).toBe(true);
    },
  },
  'POST /api/v1/vault/files': {
    access: 'own',
    send: () => ({ raw: vaultFileBody('from B upload.txt', 'from B\n', 'text/plain') }),
    status: 201,
    check: (_p, res) => expect(res.json().data.file.name).toBe('from B upload.txt'),
  },
  'GET /api/v1/vault/files/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.vaultFiles[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: await bVaultFile(p) } }),
  },
  'PATCH /api/v1/vault/files/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.vaultFiles[0].id }, body: { name: 'from B renamed' } }),
    status: 404,
    control: async (p) => ({ params: { id: await bVaultFile(p) }, body: { name: 'from B renamed' } }),
  },
  'DELETE /api/v1/vault/files/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.vaultFiles[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: await vaultUploadAs(p.b, 'from B deleted.txt') } }),
  },
  'GET /api/v1/vault/files/{id}/content': {
    access: 'by-id',
    send: () => ({ params: { id: before.vaultFiles[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: await bVaultFile(p) } }),
  },
  // A's password deletes neither account: B's is refused as a wrong password (400), A's is not B's to delete.
  'DELETE /api/v1/account/': {
    access: 'own',
    send: (p) => ({ body: { password: p.a.password } }),
    status: 400,
  },
};

const t = await createTestApp();
afterAll(() => t.close());
const operations = listOperations(await readOpenApi(t.app));

const inject = (token: string | undefined, op: Operation, sent: Sent, query = '') =>
  t.app.inject({
    method: op.method,
    url: fillPath(op.path, sent.params ?? {}) + query,
    headers: { ...sent.raw?.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(sent.body ? { payload: sent.body } : sent.raw ? { payload: sent.raw.payload } : {}),
  });

/** A bank CSV of one row, as a multipart upload. */
const bankCsv = (payee: string) => fileBody('bank.csv', `Date,Description,Amount\n11/19/2026,${payee},-7.25\n`);
const IMPORTS = '/api/v1/wallet/imports';
const VAULT = '/api/v1/vault';
/** Uploads a text file into the user's Vault; its id. */
async function vaultUploadAs(user: SignedInUser, name: string): Promise<string> {
  const res = await inject(user.accessToken, { method: 'POST', path: `${VAULT}/files` } as Operation, {
    raw: vaultFileBody(name, `${name}\n`, 'text/plain'),
  });
  if (res.statusCode !== 201) throw new Error(`vault upload as ${user.email}: ${res.statusCode} ${res.body}`);
  return res.json().data.file.id;
}
/** One of B's Vault files, read now (other rows add, rename and delete B's files). */
const bVaultFile = async (p: Parties): Promise<string> => (await asUser(p.b, 'GET', `${VAULT}/files`))[0].id;

/** Uploads a bank file as the user; the preview's data. */
async function uploadAs(user: SignedInUser, payee: string) {
  const res = await inject(user.accessToken, { method: 'POST', path: IMPORTS } as Operation, { raw: bankCsv(payee) });
  if (res.statusCode !== 201) throw new Error(`upload as ${user.email}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

async function asUser(user: SignedInUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${user.accessToken}` },
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} as ${user.email}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

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

/** The id and version of one of the user's saved loans, read now (B's list is saved again by other rows). */
async function loanRef(user: SignedInUser, index: number): Promise<{ id: string; version: number }> {
  const loan = (await asUser(user, 'GET', '/api/v1/user-debts'))[index];
  if (!loan) throw new Error(`${user.email} has no loan ${index}`);
  return { id: loan.id, version: loan.version };
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

/** Adds a passkey through the API with a software authenticator; the passkey and the credential id. */
async function seedPasskey(user: SignedInUser, name: string) {
  const { options } = await asUser(user, 'POST', `${PASSKEYS}/options`);
  const device = new SoftAuthenticator();
  const passkey = await asUser(user, 'POST', PASSKEYS, { name, credential: device.register(options) });
  return { id: passkey.id as number, credentialId: device.credentials[0]?.id ?? '' };
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
    emergencyFund: await asUser(a, 'GET', '/api/v1/user-emergency-fund'),
    fundEntries: await asUser(a, 'GET', '/api/v1/user-emergency-fund/entries'),
    connect: await asUser(a, 'GET', '/api/v1/user-connect'),
    budgets: await asUser(a, 'GET', '/api/v1/user-budgets'),
    lifestyleGoals: await goalsWithEntries(a),
    investment: await asUser(a, 'GET', INVESTMENT),
    nest: await asUser(a, 'GET', NEST),
    nestEntries: await asUser(a, 'GET', `${NEST}/entries`),
    accounts: await asUser(a, 'GET', ACCOUNTS),
    walletTransactions: await asUser(a, 'GET', `${WALLET}/transactions`),
    walletSummary: await asUser(a, 'GET', `${WALLET}/summary`),
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
  await uploadAs(user, `${source} bank row`);
  // A loan payment from the user's savings, which the by-id rows of the payments name.
  const [loan] = await asUser(user, 'GET', '/api/v1/user-debts');
  const [, own] = await asUser(user, 'GET', ACCOUNTS);
  await asUser(user, 'POST', `/api/v1/user-debts/${loan.id}/payments`, {
    amount: 25,
    date: '2026-11-21',
    account_id: own.id,
  });
}
aCredentialId = (await seedPasskey(parties.a, 'Amarkerson key')).credentialId;
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
const before = await snapshot(parties.a);
/** A's first loan, which B names in the by-id rows of the loans. */
const aLoan = (): { id: string; version: number } => ({ id: before.loans[0].id, version: before.loans[0].version });

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
  ...before.vaultFiles.map((f: { id: string }) => f.id),
  aCredentialId,
];

function expectNothingOfA(res: LightMyRequestResponse) {
  const leaked = aMarkers.filter((m) => m && res.body.includes(m));
  expect(leaked, `B's answer holds A's data: ${res.body.slice(0, 300)}`).toEqual([]);
}

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
  expect(before.walletTransactions.map((x: { payee: string }) => x.payee)).toEqual(['Amarkerson pay']);
  expect(before.walletSummary.balance).toBe(60);
  expect(joinedTools(before.tools)).toEqual(['tax-planner', 'insurance-check-up']);
  expect(before.vaultFiles.map((f: { name: string }) => f.name)).toEqual(['Amarkerson tax notes.txt']);
  expect(before.vaultContent).toEqual(['Amarkerson tax notes.txt\n']);
  expect(before.walletImports).toEqual([
    { id: expect.any(String), committedAt: null, content: expect.stringContaining('Amarkerson pay bank row') },
  ]);
});

describe.each(operations.filter((op) => op.key in MATRIX))('$key', (op) => {
  const entry = MATRIX[op.key] as Entry;

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
