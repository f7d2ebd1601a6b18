import type { Feature } from '../../lib/feature.ts';

/** My Lifestyle Savings and the public goals page. Its writes may reach a milestone, which the bell shows. */
export const lifestyleGoalsFeature = {
  id: 'lifestyle-goals',
  routes: [
    {
      path: '/lifestyle-savings-goals',
      layout: 'public-with-queries',
      page: () => import('./lifestyle-savings-goals-page.tsx').then((m) => m.LifestyleSavingsGoalsPage),
    },
    {
      path: '/dashboard/my-lifestyle-savings',
      layout: 'dashboard',
      page: () => import('./my-lifestyle-savings-page.tsx').then((m) => m.MyLifestyleSavingsPage),
    },
  ],
  menu: [{ label: 'My Lifestyle Savings', to: '/dashboard/my-lifestyle-savings', section: 'main', order: 70 }],
  invalidates: ['notifications'],
} satisfies Feature;
