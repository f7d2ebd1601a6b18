import { type ComponentType, lazy, useMemo } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { AppShell } from './app-shell.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';

/**
 * A route module loaded on demand: the first page downloads React, the router and itself, not the
 * dashboard, the charts or the form libraries of other pages (the budgets in e2e/specs/performance.spec.ts).
 * Plain React.lazy rather than the data router's `lazy`: the data router alone adds ~16 KB gzipped.
 */
const lazyPage = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return { element: <Page />, handle: { load } satisfies Preloadable };
};

interface Preloadable {
  load: () => Promise<unknown>;
}

/**
 * Starts loading every lazy module the URL needs at once (query layout, dashboard layout, page),
 * instead of each one only after its parent has rendered: three round trips become one. import()
 * is cached, so React.lazy then finds the modules already there.
 */
function preloadMatches(pathname: string) {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    void (match.route.handle as Preloadable | undefined)?.load().catch(() => undefined);
  }
}

/** Pages that read server state through TanStack Query sit under this layout, loaded with them. */
const withQueries = lazyPage(() => import('./query-layout.tsx'), 'QueryLayout');

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      {
        element: <PublicLayout />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              // In the entry chunk: the page most visits start on, without a second round trip (~3 KB).
              { path: '/login', element: <LoginPage /> },
              {
                path: '/forgot-password',
                ...lazyPage(() => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage'),
              },
              {
                path: '/reset-password',
                ...lazyPage(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage'),
              },
            ],
          },
          {
            ...withQueries,
            children: [
              { path: '/contactus', ...lazyPage(() => import('../features/contact/contact-page.tsx'), 'ContactPage') },
              {
                path: '/loan-payments',
                ...lazyPage(() => import('../features/loans/loan-payments-page.tsx'), 'LoanPaymentsPage'),
              },
              {
                path: '/emergency-funds',
                ...lazyPage(() => import('../features/emergency-fund/emergency-funds-page.tsx'), 'EmergencyFundsPage'),
              },
              {
                path: '/lifestyle-savings-goals',
                ...lazyPage(
                  () => import('../features/lifestyle-goals/lifestyle-savings-goals-page.tsx'),
                  'LifestyleSavingsGoalsPage',
                ),
              },
              {
                path: '/my-budget',
                ...lazyPage(() => import('../features/budget/my-budget-page.tsx'), 'MyBudgetPage'),
              },
              {
                path: '/my-retirement',
                ...lazyPage(() => import('../features/investments/my-retirement-page.tsx'), 'MyRetirementPage'),
              },
            ],
          },
          {
            path: '/onboarding',
            ...lazyPage(() => import('../features/onboarding/onboarding-page.tsx'), 'OnboardingPage'),
          },
          {
            path: '/verify-email',
            ...lazyPage(() => import('../features/onboarding/verify-email-page.tsx'), 'VerifyEmailPage'),
          },
          {
            path: '/privacy-policy',
            ...lazyPage(() => import('../features/legal/privacy-policy-page.tsx'), 'PrivacyPolicyPage'),
          },
          { path: '/terms-conditions', ...lazyPage(() => import('../features/legal/terms-page.tsx'), 'TermsPage') },
          { path: '/feedback', ...lazyPage(() => import('../features/feedback/feedback-page.tsx'), 'FeedbackPage') },
          { path: '*', ...lazyPage(() => import('./not-found-page.tsx'), 'NotFoundPage') },
        ],
      },
      {
        ...withQueries,
        children: [
          {
            path: '/dashboard',
            ...lazyPage(() => import('./layouts/dashboard-layout.tsx'), 'DashboardLayout'),
            children: [
              { index: true, element: <Navigate to="/dashboard/home" replace /> },
              { path: 'home', ...lazyPage(() => import('../features/home/home-page.tsx'), 'HomePage') },
              {
                path: 'all-set-up',
                ...lazyPage(() => import('../features/onboarding/all-set-up-page.tsx'), 'AllSetUpPage'),
              },
              { path: 'my-loans', ...lazyPage(() => import('../features/loans/my-loans-page.tsx'), 'MyLoansPage') },
              {
                path: 'my-emergency-fund-details',
                ...lazyPage(
                  () => import('../features/emergency-fund/emergency-fund-details-page.tsx'),
                  'EmergencyFundDetailsPage',
                ),
              },
              {
                path: 'my-lifestyle-savings',
                ...lazyPage(
                  () => import('../features/lifestyle-goals/my-lifestyle-savings-page.tsx'),
                  'MyLifestyleSavingsPage',
                ),
              },
              {
                path: 'my-budget',
                ...lazyPage(() => import('./budget-details-route.tsx'), 'BudgetDetailsRoute'),
              },
              {
                path: 'my-investments',
                ...lazyPage(() => import('../features/investments/my-investments-page.tsx'), 'MyInvestmentsPage'),
              },
              { path: 'chat', ...lazyPage(() => import('../features/connect/connect-page.tsx'), 'ConnectPage') },
              {
                path: 'helo-money-pool',
                ...lazyPage(() => import('../features/nest/nest-account-page.tsx'), 'NestAccountPage'),
              },
              { path: 'my-wallet', ...lazyPage(() => import('../features/wallet/my-wallet-page.tsx'), 'MyWalletPage') },
              {
                path: 'notifications',
                ...lazyPage(() => import('../features/notifications/notifications-page.tsx'), 'NotificationsPage'),
              },
              { path: 'tools', ...lazyPage(() => import('../features/tools/tools-page.tsx'), 'ToolsPage') },
              { path: 'helo-vault', ...lazyPage(() => import('../features/vault/vault-page.tsx'), 'VaultPage') },
              {
                path: 'help-center',
                ...lazyPage(() => import('../features/help/help-center-page.tsx'), 'HelpCenterPage'),
              },
              {
                path: 'help-center/:topicId',
                ...lazyPage(() => import('../features/help/help-article-page.tsx'), 'HelpArticlePage'),
              },
              {
                path: 'HelpDetail/:id',
                ...lazyPage(() => import('../features/help/help-article-page.tsx'), 'HelpDetailPage'),
              },
              { path: 'Glossary', ...lazyPage(() => import('../features/help/glossary-page.tsx'), 'GlossaryPage') },
              {
                path: 'ProfileSettings',
                ...lazyPage(() => import('../features/profile/profile-settings-page.tsx'), 'ProfileSettingsPage'),
              },
              {
                path: 'privacy-policy',
                ...lazyPage(() => import('../features/legal/privacy-policy-page.tsx'), 'PrivacyPolicyPage'),
              },
              { path: 'terms-conditions', ...lazyPage(() => import('../features/legal/terms-page.tsx'), 'TermsPage') },
            ],
          },
        ],
      },
    ],
  },
];

/** The routes, rendered by the <BrowserRouter> in app.tsx. */
export function AppRoutes() {
  const { pathname } = useLocation();
  useMemo(() => preloadMatches(pathname), [pathname]);
  return useRoutes(routes);
}
