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
  ],
  menu: [{ label: 'My Wallet', to: '/dashboard/my-wallet', section: 'main', order: 30, lockedUntil: 'nest' }],
  invalidates: ['nest'],
} satisfies Feature;
