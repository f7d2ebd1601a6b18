import { ledgerJournals, walletEdits, walletImports, walletRules } from '@helo/db/schema';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  aSavings,
  asUser,
  before,
  bOwnTransaction,
  bSavingsAccount,
  bTransfer,
  inject,
  type MatrixRow,
  WALLET,
  walletSpend,
  walletTransferBody,
} from '../../../test/harness/access-matrix.ts';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';
import type { Operation } from '../../../test/harness/openapi.ts';
import type { SignedInUser } from '../../../test/harness/signed-in-user.ts';
import { fileBody } from './import/import-requests.test-helpers.ts';

/** A bank CSV of one row, as a multipart upload. */
export const bankCsv = (payee: string) => fileBody('bank.csv', `Date,Description,Amount\n11/19/2026,${payee},-7.25\n`);
export const IMPORTS = '/api/v1/wallet/imports';

/** Uploads a bank file as the user; the preview's data. */
export async function uploadAs(user: SignedInUser, payee: string) {
  const res = await inject(user.accessToken, { method: 'POST', path: IMPORTS } as Operation, { raw: bankCsv(payee) });
  if (res.statusCode !== 201) throw new Error(`upload as ${user.email}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Two transactions of B's of the same amount (a pair to merge or keep). */
async function bPair(p: { b: SignedInUser }, what: string): Promise<[string, string]> {
  const one = await asUser(p.b, 'POST', `${WALLET}/transactions`, walletSpend(-6, `from B, ${what}`));
  const two = await asUser(p.b, 'POST', `${WALLET}/transactions`, walletSpend(-6, `from B, ${what} again`));
  return [one.id, two.id];
}

/** A new purchase of B's: its id. */
const bSpent = async (p: { b: SignedInUser }, what: string): Promise<string> =>
  (await asUser(p.b, 'POST', `${WALLET}/transactions`, walletSpend(-1, `from B, ${what}`))).id;
export const RULES = '/api/v1/rules';
/** A rule as B (or the fuzz user) makes one: its payee renamed, so it needs no budget. */
export const renameRule = (name: string) => ({
  name,
  conditions: [{ field: 'payee', op: 'equals', value: 'from B, rule target' }],
  actions: [{ type: 'rename_payee', payee: 'from B, renamed' }],
});
const bRule = async (p: { b: SignedInUser }, name: string) => (await asUser(p.b, 'POST', RULES, renameRule(name))).id;

/** My Wallet's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/wallet/transactions': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      // B's transfers (between B's own accounts) are named 'Transfer' and B's loan payments by the
      // loan's type; everything else is B's by name.
      const payees = res
        .json()
        .data.filter((x: { kind: string }) => x.kind !== 'transfer' && x.kind !== 'loan_payment')
        .map((x: { payee: string }) => x.payee);
      expect(payees.length).toBeGreaterThan(0);
      expect(payees.every((s: string) => s.startsWith('from B'))).toBe(true);
    },
  },
  'GET /api/v1/wallet/transactions.csv': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      // The file's payees (Payee is the third column): B's only, as the list.
      const lines = res.body.trim().split('\r\n').slice(1);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.some((l: string) => l.includes('from B'))).toBe(true);
      expect(lines.some((l: string) => l.includes('from A'))).toBe(false);
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
  // A's transaction is a 404 to B; B pairing two of B's own (days apart, so not found on entry) works.
  'POST /api/v1/wallet/transactions/{id}/pair': {
    access: 'by-id',
    send: () => ({
      params: { id: before.walletTransactions[0].id },
      body: { other_id: before.walletTransactions[0].id },
    }),
    status: 404,
    control: async (p) => {
      const out = await asUser(p.b, 'POST', `${WALLET}/transactions`, {
        ...walletSpend(-9.5, 'from B, paired out'),
        date: '2026-11-05',
      });
      const into = await asUser(p.b, 'POST', `${WALLET}/transactions`, {
        ...walletSpend(9.5, 'from B, paired in'),
        date: '2026-11-15',
        account_id: (await bSavingsAccount(p)).id,
      });
      return { params: { id: out.id }, body: { other_id: into.id } };
    },
  },
  // B's own transfer recorded as one is a 409 (nothing to unpair): the route reached B's row, not a 404.
  'POST /api/v1/wallet/transactions/{id}/unpair': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletTransactions[0].id } }),
    status: 404,
    control: async (p) => ({
      params: { id: (await asUser(p.b, 'POST', `${WALLET}/transfers`, await bTransfer(p))).id },
    }),
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
  // A's tags (the seed tags A's groceries with A's name) are in no answer to B: the markers say so.
  'GET /api/v1/wallet/tags': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(Array.isArray(res.json().data)).toBe(true),
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
  // Duplicates: A's ids are a 404 in the path; B's own pair works.
  'POST /api/v1/wallet/transactions/{id}/merge': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletTransactions[0].id }, body: { into: before.walletTransactions[0].id } }),
    status: 404,
    control: async (p) => {
      const [one, two] = await bPair(p, 'merged');
      return { params: { id: one }, body: { into: two } };
    },
  },
  'POST /api/v1/wallet/transactions/{id}/keep': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletTransactions[0].id }, body: { with: before.walletTransactions[0].id } }),
    status: 404,
    control: async (p) => {
      const [one, two] = await bPair(p, 'kept');
      return { params: { id: one }, body: { with: two } };
    },
  },
  'POST /api/v1/wallet/transactions/{id}/unmerge': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletTransactions[0].id } }),
    status: 404,
    control: async (p) => {
      const [one, two] = await bPair(p, 'unmerged');
      await asUser(p.b, 'POST', `${WALLET}/transactions/${one}/merge`, { into: two });
      return { params: { id: one } };
    },
  },
  // Bulk edit: A's transaction among the ids is a 404 and nothing changes; B's own works.
  'POST /api/v1/wallet/transactions/bulk': {
    access: 'by-id',
    send: () => ({ body: { ids: [before.walletTransactions[1].id], action: { type: 'delete' } } }),
    status: 404,
    control: async (p) => ({ body: { ids: [await bSpent(p, 'bulk deleted')], action: { type: 'delete' } } }),
  },
  'POST /api/v1/wallet/edits/{id}/undo': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletEdits[0].id } }),
    status: 404,
    control: async (p) => {
      const ids = [await bSpent(p, 'bulk deleted, undone')];
      return {
        params: {
          id: (await asUser(p.b, 'POST', `${WALLET}/transactions/bulk`, { ids, action: { type: 'delete' } })).edit_id,
        },
      };
    },
  },
  // Rules: A's rule and application ids are 404s; A's ids in a body are refused as no rule or account of B's.
  'GET /api/v1/rules/': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      const names = res.json().data.map((r: { name: string }) => r.name);
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((n: string) => n.startsWith('from B'))).toBe(true);
    },
  },
  'POST /api/v1/rules/': {
    access: 'own',
    send: () => ({ body: renameRule('from B, another rule') }),
    status: 201,
    check: (_p, res) => expect(res.json().data.name).toBe('from B, another rule'),
  },
  'POST /api/v1/rules/order': {
    access: 'own',
    send: () => ({ body: { ids: before.walletRules.map((r: { id: string }) => r.id) } }),
    status: 400,
    control: async (p) => ({ body: { ids: (await asUser(p.b, 'GET', RULES)).map((r: { id: string }) => r.id) } }),
  },
  'POST /api/v1/rules/preview': {
    access: 'own',
    send: () => ({
      body: {
        conditions: [{ field: 'account', op: 'is', account_id: before.accounts[0].id }],
        actions: [{ type: 'rename_payee', payee: 'x' }],
      },
    }),
    status: 400,
    check: (_p, res) =>
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['conditions.0.account_id']),
    control: () => ({ body: renameRule('from B, previewed') }),
  },
  'PUT /api/v1/rules/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletRules[0].id }, body: { ...renameRule('from B'), version: 1 } }),
    status: 404,
    control: async (p) => ({
      params: { id: await bRule(p, 'from B, saved') },
      body: { ...renameRule('from B'), version: 1 },
    }),
  },
  'DELETE /api/v1/rules/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletRules[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: await bRule(p, 'from B, deleted') } }),
  },
  'POST /api/v1/rules/{id}/apply': {
    access: 'by-id',
    send: () => ({ params: { id: before.walletRules[0].id } }),
    status: 404,
    control: async (p) => ({ params: { id: await bRule(p, 'from B, applied') } }),
  },
  'POST /api/v1/rules/applications/{id}/undo': {
    access: 'by-id',
    send: () => ({ params: { id: before.ruleApplications[0].id } }),
    status: 404,
    control: async (p) => {
      const id = await bRule(p, 'from B, undone');
      return { params: { id: (await asUser(p.b, 'POST', `${RULES}/${id}/apply`)).application_id } };
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
};

/** My Wallet's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  matrix,
  owned: [
    {
      name: 'wallet_transaction_id',
      paths: [
        { route: /\/wallet\/transactions\/\{id\}/, param: 'id' },
        // A transfer is a transaction between two of the user's accounts (a transaction that is none is a 404).
        { route: /\/wallet\/transfers\/\{id\}/, param: 'id' },
      ],
      make: async (send) => {
        await must(send('POST', '/api/v1/nest/activate', {}));
        await must(
          send('POST', '/api/v1/wallet/transactions', { amount: -12.5, date: '2026-11-20', payee: 'Fuzz cafe' }),
        );
      },
      // The id a transaction is known by: its live journal's group.
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: ledgerJournals.groupId })
            .from(ledgerJournals)
            .where(
              and(
                eq(ledgerJournals.userId, userId),
                eq(ledgerJournals.kind, 'wallet.transaction'),
                isNull(ledgerJournals.reversedById),
                isNull(ledgerJournals.reversesId),
              ),
            )
            .orderBy(desc(ledgerJournals.createdAt))
            .limit(1),
        ),
    },
    {
      name: 'wallet_edit_id',
      paths: [{ route: /\/wallet\/edits\/\{id\}/, param: 'id' }],
      make: async (send) => {
        await must(send('POST', '/api/v1/nest/activate', {}));
        const made = await send('POST', '/api/v1/wallet/transactions', {
          amount: -3.5,
          date: '2026-11-20',
          payee: 'Fuzz bulk',
        });
        const ids = [JSON.parse(made.body).data?.id ?? 'none'];
        await must(send('POST', '/api/v1/wallet/transactions/bulk', { ids, action: { type: 'delete' } }));
      },
      // One not undone yet, so an undo can succeed.
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: walletEdits.id })
            .from(walletEdits)
            .where(
              and(eq(walletEdits.userId, userId), ne(walletEdits.kind, 'rule.apply'), isNull(walletEdits.undoneAt)),
            )
            .orderBy(desc(walletEdits.createdAt))
            .limit(1),
        ),
    },
    {
      name: 'wallet_rule_id',
      paths: [{ route: /\/rules\/\{id\}/, param: 'id' }],
      make: async (send) => {
        await must(send('POST', RULES, renameRule('Fuzz rule')));
      },
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: walletRules.id })
            .from(walletRules)
            .where(eq(walletRules.userId, userId))
            .orderBy(desc(walletRules.createdAt))
            .limit(1),
        ),
    },
    {
      name: 'wallet_rule_application_id',
      paths: [{ route: /\/rules\/applications\/\{id\}/, param: 'id' }],
      make: async (send) => {
        await must(send('POST', '/api/v1/nest/activate', {}));
        const rule = await send('POST', RULES, renameRule('Fuzz rule applied'));
        await must(send('POST', `${RULES}/${JSON.parse(rule.body).data?.id ?? 'none'}/apply`, {}));
      },
      // An application (an edit of kind 'rule.apply') not undone yet, so an undo can succeed.
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: walletEdits.id })
            .from(walletEdits)
            .where(
              and(eq(walletEdits.userId, userId), eq(walletEdits.kind, 'rule.apply'), isNull(walletEdits.undoneAt)),
            )
            .orderBy(desc(walletEdits.createdAt))
            .limit(1),
        ),
    },
    {
      name: 'wallet_import_id',
      paths: [{ route: /\/wallet\/imports\/\{id\}/, param: 'id' }],
      make: async (send) => {
        await must(send('POST', '/api/v1/nest/activate', {}));
        const upload = fileBody(
          'fuzz.csv',
          'Date,Payee,Amount\n11/20/2026,Fuzz grocer,-9.99\n11/20/2026,Fuzz refund,2.50\n',
        );
        await must(send('POST', '/api/v1/wallet/imports', upload.payload, upload.headers));
      },
      // One not committed yet, so a preview and a commit can succeed.
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: walletImports.id })
            .from(walletImports)
            .where(and(eq(walletImports.userId, userId), isNull(walletImports.committedAt)))
            .orderBy(desc(walletImports.createdAt))
            .limit(1),
        ),
    },
  ],
};
