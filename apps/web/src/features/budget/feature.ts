import type { Feature } from '../../lib/feature.ts';

/** My Budget and the public budget builder. */
export const budgetFeature = {
  id: 'budget',
  routes: [
    {
      path: '/my-budget',
      layout: 'public-with-queries',
      page: () => import('./my-budget-page.tsx').then((m) => m.MyBudgetPage),
    },
    // The month with My Wallet's spending beside each category: the app puts it together (app/features.ts).
    { path: '/dashboard/my-budget', layout: 'dashboard' },
  ],
  menu: [{ label: 'My Budget', to: '/dashboard/my-budget', section: 'main', order: 40 }],
} satisfies Feature;
