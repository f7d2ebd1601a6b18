import type { Feature } from '../../lib/feature.ts';

/** My Investments and the public retirement calculator. */
export const investmentsFeature = {
  id: 'investments',
  routes: [
    {
      path: '/my-retirement',
      layout: 'public-with-queries',
      page: () => import('./my-retirement-page.tsx').then((m) => m.MyRetirementPage),
    },
    {
      path: '/dashboard/my-investments',
      layout: 'dashboard',
      page: () => import('./my-investments-page.tsx').then((m) => m.MyInvestmentsPage),
    },
  ],
  menu: [{ label: 'My Investments', to: '/dashboard/my-investments', section: 'main', order: 80 }],
} satisfies Feature;
