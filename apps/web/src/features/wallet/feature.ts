import type { Feature } from '../../lib/feature.ts';

/** My Wallet (on once the Nest is activated). Its balance is the Nest's Wallet figure. */
export const walletFeature = {
  id: 'wallet',
  routes: [
    {
      path: '/dashboard/my-wallet',
      layout: 'dashboard',
      page: () => import('./my-wallet-page.tsx').then((m) => m.MyWalletPage),
    },
    // My Wallet's rules: a page of its own (a list of up to 500 with dialogs), reached from My Wallet.
    {
      path: '/dashboard/my-wallet/rules',
      layout: 'dashboard',
      page: () => import('./rules/rules-page.tsx').then((m) => m.RulesPage),
    },
  ],
  menu: [{ label: 'My Wallet', to: '/dashboard/my-wallet', section: 'main', order: 30, lockedUntil: 'nest' }],
  invalidates: ['nest', 'forecast'],
} satisfies Feature;
