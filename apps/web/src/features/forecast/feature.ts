import type { Feature } from '../../lib/feature.ts';

/** The balance forecast (issue 30 item 4): a page reached from My Wallet, and the lowest balance line on My Wallet and Home. */
export const forecastFeature = {
  id: 'forecast',
  routes: [
    {
      path: '/dashboard/my-wallet/forecast',
      layout: 'dashboard',
      page: () => import('./forecast-page.tsx').then((m) => m.ForecastPage),
    },
  ],
  // A new floor changes the alerts: the notifications list reads them.
  invalidates: ['notifications', 'home'],
} satisfies Feature;
