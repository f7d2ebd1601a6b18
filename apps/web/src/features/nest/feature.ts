import type { Feature } from '../../lib/feature.ts';

/** The Nest Account. A write moves money into the fund's, the goals', the investments' and the Wallet's balances. */
export const nestFeature = {
  id: 'nest',
  routes: [
    {
      path: '/dashboard/helo-money-pool',
      layout: 'dashboard',
      page: () => import('./nest-account-page.tsx').then((m) => m.NestAccountPage),
    },
  ],
  menu: [{ label: 'Nest Account', to: '/dashboard/helo-money-pool', section: 'main', order: 20, lockedUntil: 'nest' }],
  invalidates: ['emergency-fund', 'lifestyle-goals', 'investments', 'wallet', 'forecast'],
  activation: () => import('./nest-query.ts').then((m) => m.useNestActive),
} satisfies Feature;
