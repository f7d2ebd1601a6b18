import type { Feature } from '../../lib/feature.ts';

/** The notifications page (the bell is in the dashboard's frame). */
export const notificationsFeature = {
  id: 'notifications',
  routes: [
    {
      path: '/dashboard/notifications',
      layout: 'dashboard',
      page: () => import('./notifications-page.tsx').then((m) => m.NotificationsPage),
    },
  ],
} satisfies Feature;
