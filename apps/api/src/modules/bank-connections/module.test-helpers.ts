import { bankConnections } from '@helo/db/schema';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { asUser, before, type MatrixRow, type Parties } from '../../../test/harness/access-matrix.ts';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';
import type { SignedInUser } from '../../../test/harness/signed-in-user.ts';
import { type FakeBridge, fakeAccount, noonOf, startFakeBridge } from './simplefin-test-server.ts';

export const BANK = '/api/v1/bank-connections';

let bridge: FakeBridge | undefined;
let starting: Promise<FakeBridge> | undefined;

/**
 * The test process's one fake SimpleFIN Bridge for the harness (the fuzzer, the access matrix, the
 * seed of every table): a checking account with two posted transactions and a pending one.
 */
export function sharedBridge(): Promise<FakeBridge> {
  starting ??= startFakeBridge().then((b) => {
    b.unref();
    const account = fakeAccount('chk', 'Bridge Checking', 2, '2026-11-20', '512.25');
    account.transactions.push({
      id: 'chk-pending',
      posted: 0,
      transacted_at: noonOf('2026-11-20'),
      amount: '-4.50',
      description: 'Bridge pending coffee',
      pending: true,
    });
    b.accounts = [account];
    bridge = b;
    return b;
  });
  return starting;
}

/** A fresh setup token of the shared bridge (started by the seed before any row sends one). */
const setupToken = () => {
  if (!bridge) throw new Error('the shared bridge starts in the seed (connectBankAs)');
  return bridge.setupToken();
};

/**
 * Connects the user (the Nest active) to the shared bridge and syncs; with `intoWallet` its account
 * is mapped to the Wallet first (else nothing is imported: the access matrix's users keep their lists).
 */
export async function connectBankAs(
  call: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => Promise<unknown>,
  intoWallet = true,
): Promise<{ id: string }> {
  const b = await sharedBridge();
  const connection = (await call('POST', BANK, { provider: 'simplefin', setup_token: b.setupToken() })) as {
    id: string;
    accounts: { id: string }[];
  };
  const [wallet] = (await call('GET', '/api/v1/accounts')) as { id: string }[];
  await call('PUT', `${BANK}/${connection.id}/accounts`, {
    accounts: [{ id: connection.accounts[0]?.id, account: intoWallet ? wallet?.id : null }],
  });
  await call('POST', `${BANK}/${connection.id}/sync`);
  return connection;
}

/** The access matrix's parties: connected and synced, nothing mapped (their Wallet lists stay as the rows expect). */
export const connectBankAsUser = (user: SignedInUser) =>
  connectBankAs((method, url, payload) => asUser(user, method, url, payload), false);

const aConnection = (): { id: string; accounts: { id: string }[] } => before.bankConnections[0];
const bConnection = async (p: Parties): Promise<{ id: string }> => (await asUser(p.b, 'GET', BANK))[0];

/** The bank connections' rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/bank-connections/': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      const ids = res.json().data.map((c: { id: string }) => c.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).not.toContain(aConnection().id);
    },
  },
  'POST /api/v1/bank-connections/': {
    access: 'own',
    send: () => ({ body: { provider: 'simplefin', setup_token: setupToken() } }),
    status: 201,
  },
  'PUT /api/v1/bank-connections/{id}/accounts': {
    access: 'by-id',
    send: () => ({
      params: { id: aConnection().id },
      body: { accounts: [{ id: aConnection().accounts[0]?.id, account: null }] },
    }),
    status: 404,
    control: async (p) => ({ params: { id: (await bConnection(p)).id }, body: { accounts: [] } }),
  },
  'POST /api/v1/bank-connections/{id}/sync': {
    access: 'by-id',
    send: () => ({ params: { id: aConnection().id } }),
    status: 404,
    control: async (p) => ({ params: { id: (await bConnection(p)).id } }),
  },
  'DELETE /api/v1/bank-connections/{id}': {
    access: 'by-id',
    send: () => ({ params: { id: aConnection().id } }),
    status: 404,
    control: async (p) => ({
      params: { id: (await asUser(p.b, 'POST', BANK, { provider: 'simplefin', setup_token: setupToken() })).id },
    }),
  },
};

/** The bank connections' part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  matrix,
  owned: [
    {
      name: 'bank_connection_id',
      paths: [{ route: /\/v1\/bank-connections\/\{id\}/, param: 'id' }],
      make: async (send) => {
        const b = await sharedBridge();
        await must(send('POST', '/api/v1/nest/activate', {}));
        await must(send('POST', BANK, { provider: 'simplefin', setup_token: b.setupToken() }));
      },
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: bankConnections.id })
            .from(bankConnections)
            .where(eq(bankConnections.userId, userId))
            .orderBy(desc(bankConnections.createdAt))
            .limit(1),
        ),
    },
  ],
};
