import type { Feature } from '../../lib/feature.ts';

/** Bills: the recurring series, the ones found in My Wallet's history, and the next 60 days as a calendar. */
export const billsFeature = {
  id: 'bills',
  routes: [
    {
      path: '/dashboard/bills',
      layout: 'dashboard',
      page: () => import('./bills-page.tsx').then((m) => m.BillsPage),
    },
  ],
  // Accepting a series matches My Wallet's transactions to it.
  invalidates: ['wallet'],
} satisfies Feature;
