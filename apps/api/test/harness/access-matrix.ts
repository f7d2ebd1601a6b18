import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../test-app.ts';
import { fillPath, type Operation } from './openapi.ts';
import type { SignedInUser } from './signed-in-user.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

/**
 * What the access matrix's rows share (access-control.test.ts, issue 27 item 6): each module's rows live in
 * its `module.test-helpers.ts` (its harness's `matrix`), and they act on the A/B pair the test seeds. The test
 * hands this file its app, then A's passkey and A's data once seeded, which the rows read.
 */

export type Access =
  /** No user data at all: anyone gets the same answer. */
  | 'public'
  /** Acts on what the request proves (an email and password, a mailed token, a refresh token), not on the bearer. */
  | 'credential'
  /** The signed-in user's own rows; nothing in the request names a row. */
  | 'own'
  /** A row named by a path id: another user's id is a 404. */
  | 'by-id';

export interface Parties {
  a: SignedInUser;
  b: SignedInUser;
}

export interface Sent {
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  /** A body that is not JSON (a bank file's multipart upload), with its content type. */
  raw?: { payload: Buffer; headers: Record<string, string> };
}

/** One row of the matrix: who may use an operation, and what B gets. */
export interface MatrixRow {
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

let t: TestApp;
/** The app the rows' requests go to: the test's, before it seeds. */
export function useApp(app: TestApp): void {
  t = app;
}

/** A's data as the test's snapshot read it once seeded (API answers' data, untyped JSON). */
// biome-ignore lint/suspicious/noExplicitAny: the API answers' data, as asUser returns it
export let before: Record<string, any>;
/** Strings that only A's data holds (the test's markers). */
let aMarkers: string[] = [];
/** A's data, read once the test has seeded, and the markers of it no answer to B may hold. */
export function seeded(snapshot: typeof before, markers: string[]): void {
  before = snapshot;
  aMarkers = markers;
}

export const bDebts = [
  {
    debt_id: 3,
    initial_loan_amount: 1200,
    outstanding_balance: 800.5,
    monthly_payment_amount: 75,
    interest_rate: 19.99,
    due_date: '2026-12-05',
  },
];
export const bPreferences = {
  payment_due_reminders: false,
  payment_due_lead_days: 10,
  goal_milestones: false,
  monthly_summary: true,
  product_news: true,
};
export const bFund = {
  is_saving: true,
  saved_amount: 300,
  monthly_income: 3000,
  monthly_saving: 50,
  monthly_saving_want: 100,
};
// Dated today (the test clock's): a fund takes no entry dated before the day it was set up.
export const fundDeposit = (amount: number, note: string) => ({ kind: 'deposit', amount, date: '2026-11-21', note });
export const bConnect = { professionals_need: ['Mortgage Broker'], has_working_professional: false };
export const bBudget = {
  month: '2026-11',
  net_income: 3000,
  categories: [{ name: 'Rent', group: 'needs', planned: 1200, preset: 'housing' }],
};
export const aBudget = {
  month: '2026-10',
  net_income: 5000,
  categories: [{ name: 'Amarkerson rent', group: 'needs', planned: 2000, preset: 'housing' }],
};
export const bGoal = { name: 'B goal', kind: 'car', target_amount: 8000, saved_amount: 100, horizon_years: 3 };
export const GOALS = '/api/v1/user-lifestyle-saving';
/** B's own goal, read when a control needs its id and version. */
export const bOwnGoal = async (p: Parties): Promise<{ id: string; version: number }> =>
  (await asUser(p.b, 'GET', GOALS)).find((g: { name: string }) => g.name === bGoal.name);
export const bAccount = {
  name: 'B brokerage',
  kind: 'brokerage',
  balance: 900,
  monthly_contribution: 10,
  expected_return_percent: 5,
};
export const bInvestment = { birth_year: 1990, retirement_age: 67, accounts: [bAccount] };
export const aInvestment = {
  birth_year: 1980,
  retirement_age: 62,
  accounts: [{ ...bAccount, name: 'Amarkerson 401k', kind: '401k', balance: 40000, balance_on: '2026-10-31' }],
};
export const INVESTMENT = '/api/v1/user-investment';
/** B's first account, read when a control needs its id and version. */
export const bOwnAccount = async (p: Parties): Promise<{ id: string; version: number }> =>
  (await asUser(p.b, 'GET', INVESTMENT)).accounts[0];
export const NEST = '/api/v1/nest';
export const nestIncome = (amount: number, source: string) => ({ amount, date: '2026-11-20', source });
export const WALLET = '/api/v1/wallet';
export const walletSpend = (amount: number, payee: string) => ({ amount, date: '2026-11-20', payee });
/** B's newest ordinary transaction (B's loan payment is newer), read when a control needs its id and version. */
export const bOwnTransaction = async (p: Parties): Promise<{ id: string; version: number }> =>
  (await asUser(p.b, 'GET', `${WALLET}/transactions`)).find((x: { kind: string }) => x.kind === 'transaction');
/** B's savings account (B's transfers go between it and B's Wallet). */
export const bSavingsAccount = async (p: Parties): Promise<{ id: string }> =>
  (await asUser(p.b, 'GET', ACCOUNTS)).find((x: { name: string }) => x.name.startsWith('from B savings'));
/** A transfer of B's own, dated before B's spending (so B's newest transaction stays a spending). */
export const walletTransferBody = () => ({ amount: 1, date: '2026-11-02', from_account_id: 'x', to_account_id: 'y' });
export const bTransfer = async (p: Parties) => {
  const [wallet] = await asUser(p.b, 'GET', ACCOUNTS);
  return { ...walletTransferBody(), from_account_id: (await bSavingsAccount(p)).id, to_account_id: wallet.id };
};
export const ACCOUNTS = '/api/v1/accounts';
/** A savings account with an opening balance, named for its owner. */
export const savings = (name: string) => ({ kind: 'savings', name, opening_balance: 250, opening_date: '2026-11-01' });
/** A's savings account (not the Wallet), which B names in the by-id rows of the accounts. */
export const aSavings = (): { id: string; version: number } => before.accounts[1];
export const PASSKEYS = '/api/v1/auth/passkeys';
export const TOOLS = '/api/v1/tools';
/** The ids of the tools whose waitlist an answer's list shows the user on. */
export const joinedTools = (tools: { id: string; on_waitlist: boolean }[]) =>
  tools.filter((x) => x.on_waitlist).map((x) => x.id);
/** A's passkey's credential id, which B offers to the sign-in routes. */
export let aCredentialId = '';
/** A passkey answer that only looks like one: the shape passes, the WebAuthn check cannot. */
export const fakeCredential = (id: string) => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { clientDataJSON: 'e30' },
});
export const isB = (p: Parties, res: LightMyRequestResponse) => expect(res.json().data.user.id).toBe(p.b.userId);
/** A's passkey's credential id, once the test has seeded it. */
export function setACredentialId(id: string): void {
  aCredentialId = id;
}

export const inject = (token: string | undefined, op: Operation, sent: Sent, query = '') =>
  t.app.inject({
    method: op.method,
    url: fillPath(op.path, sent.params ?? {}) + query,
    headers: { ...sent.raw?.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(sent.body ? { payload: sent.body } : sent.raw ? { payload: sent.raw.payload } : {}),
  });

export async function asUser(user: SignedInUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${user.accessToken}` },
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} as ${user.email}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** The id and version of one of the user's saved loans, read now (B's list is saved again by other rows). */
export async function loanRef(user: SignedInUser, index: number): Promise<{ id: string; version: number }> {
  const loan = (await asUser(user, 'GET', '/api/v1/user-debts'))[index];
  if (!loan) throw new Error(`${user.email} has no loan ${index}`);
  return { id: loan.id, version: loan.version };
}

/** Adds a passkey through the API with a software authenticator; the passkey and the credential id. */
export async function seedPasskey(user: SignedInUser, name: string) {
  const { options } = await asUser(user, 'POST', `${PASSKEYS}/options`);
  const device = new SoftAuthenticator();
  const passkey = await asUser(user, 'POST', PASSKEYS, { name, credential: device.register(options) });
  return { id: passkey.id as number, credentialId: device.credentials[0]?.id ?? '' };
}

/** A's first loan, which B names in the by-id rows of the loans. */
export const aLoan = (): { id: string; version: number } => ({
  id: before.loans[0].id,
  version: before.loans[0].version,
});

/** Fails when an answer to B holds anything of A's. */
export function expectNothingOfA(res: LightMyRequestResponse) {
  const leaked = aMarkers.filter((m) => m && res.body.includes(m));
  expect(leaked, `B's answer holds A's data: ${res.body.slice(0, 300)}`).toEqual([]);
}
