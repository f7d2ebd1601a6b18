import type { Feature } from '../../lib/feature.ts';

/** My Budget and the public budget builder. The dashboard's month is put together with the wallet's spending by the app (app/features.ts, COMPOSED_PAGES). */
export const budgetFeature = {
  id: 'budget',
  routes: [
    {
      path: '/my-budget',
      layout: 'public-with-queries',
      page: () => import('./my-budget-page.tsx').then((m) => m.MyBudgetPage),
    },
    {
      path: '/dashboard/my-budget',
      layout: 'dashboard',
      page: () => import('./budget-details-page.tsx').then((m) => m.BudgetDetailsPage),
    },
  ],
  menu: [{ label: 'My Budget', to: '/dashboard/my-budget', section: 'main', order: 40 }],
} satisfies Feature;
