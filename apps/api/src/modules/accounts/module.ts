import { defineModule, routes } from '../../api-module.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { AccountsService } from './accounts.service.ts';

/** The user's own accounts in My Wallet (/api/v1/accounts); their rows are the ledger's. */
export const accountsModule = defineModule({
  name: 'accounts',
  services: ({ db, clock }) => ({ accounts: new AccountsService(db, clock) }),
  routes: (_deps, { accounts, authenticate }) => [
    routes('/api/v1/accounts', accountsRoutes, { service: accounts, authenticate }),
  ],
});
