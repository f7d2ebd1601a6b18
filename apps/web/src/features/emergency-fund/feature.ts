import type { Feature } from '../../lib/feature.ts';

/** My Emergency Fund and its public setup. Its writes may reach a milestone, which the bell shows. */
export const emergencyFundFeature = {
  id: 'emergency-fund',
  routes: [
    {
      path: '/emergency-funds',
      layout: 'public-with-queries',
      page: () => import('./emergency-funds-page.tsx').then((m) => m.EmergencyFundsPage),
    },
    {
      path: '/dashboard/my-emergency-fund-details',
      layout: 'dashboard',
      page: () => import('./emergency-fund-details-page.tsx').then((m) => m.EmergencyFundDetailsPage),
    },
  ],
  menu: [{ label: 'My Emergency Fund', to: '/dashboard/my-emergency-fund-details', section: 'main', order: 60 }],
  invalidates: ['notifications'],
} satisfies Feature;
