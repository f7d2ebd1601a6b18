import type { Feature } from '../../lib/feature.ts';

/** Chat with a Helo advisor. A request saved announces itself in the bell. */
export const connectFeature = {
  id: 'connect',
  routes: [
    {
      path: '/dashboard/chat',
      layout: 'dashboard',
      page: () => import('./connect-page.tsx').then((m) => m.ConnectPage),
    },
  ],
  invalidates: ['notifications'],
} satisfies Feature;
