import type { TestApp } from '../../../test/test-app.ts';
import { walletRequests } from '../wallet/testing.ts';
import type { FakeBridge } from './simplefin-test-server.ts';

export const BANK = '/api/v1/bank-connections';

/** Requests of the bank connections' API, for its tests and the harness's. */
export function bankRequests(t: () => TestApp) {
  const wallet = walletRequests(t);
  return {
    ...wallet,
    connect: (token: string, setupToken: string) =>
      wallet.call(token, 'POST', BANK, { provider: 'simplefin', setup_token: setupToken }),
    list: (token: string) => wallet.ok(wallet.call(token, 'GET', BANK)),
    map: (token: string, id: string, accounts: unknown) =>
      wallet.call(token, 'PUT', `${BANK}/${id}/accounts`, { accounts }),
    sync: (token: string, id: string) => wallet.call(token, 'POST', `${BANK}/${id}/sync`),
    disconnect: (token: string, id: string) => wallet.call(token, 'DELETE', `${BANK}/${id}`),
    /** Connects the user to the bridge; the connection's data. */
    async connected(token: string, bridge: FakeBridge) {
      return wallet.ok(wallet.call(token, 'POST', BANK, { provider: 'simplefin', setup_token: bridge.setupToken() }));
    },
  };
}
