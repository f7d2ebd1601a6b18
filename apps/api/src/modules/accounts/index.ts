// The accounts' public file (issue 27): the user's own accounts (checking, savings, cards, cash) and
// the rule of which of them a transaction or an import may go into.
export { accountsRoutes } from './accounts.routes.ts';
export { AccountsService, isOwnAccount, isOwnKind, NO_ACCOUNT } from './accounts.service.ts';
export { accountsModule } from './module.ts';
export { ownAccountOrFieldError, walletAccountOf } from './own-account.ts';
