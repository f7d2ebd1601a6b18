import type { Feature } from '../../lib/feature.ts';

/** My Loans and the public loan-payments calculator. */
export const loansFeature = {
  id: 'loans',
  routes: [
    {
      path: '/loan-payments',
      layout: 'public-with-queries',
      page: () => import('./loan-payments-page.tsx').then((m) => m.LoanPaymentsPage),
    },
    {
      path: '/dashboard/my-loans',
      layout: 'dashboard',
      page: () => import('./my-loans-page.tsx').then((m) => m.MyLoansPage),
    },
  ],
  menu: [{ label: 'My Loans', to: '/dashboard/my-loans', section: 'main', order: 50 }],
  // A payment lowers an account of My Wallet's and the loans total and net worth on Home.
  invalidates: ['wallet', 'home', 'nest'],
} satisfies Feature;
