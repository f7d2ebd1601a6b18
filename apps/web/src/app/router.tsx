import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppShell } from './app-shell.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteError } from './route-error.tsx';

// Route modules load on demand, so the sign-in page does not download the dashboard.
const lazyPage = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

// Dashboard pages whose features arrive in later issues: [path, title, what it will do].
const BEING_BUILT: [string, string, string][] = [
  [
    'helo-money-pool',
    'Nest Account',
    'Record income as it arrives and let the Nest split it into your wallet, loan payments, emergency fund, goals and investments.',
  ],
  ['my-wallet', 'My Wallet', 'Your spending money, with transactions you enter or import, compared with your budget.'],
  ['my-budget', 'My Budget', 'A monthly plan for your income, with a needs, wants and savings split.'],
  ['my-emergency-fund-details', 'My Emergency Fund', 'Progress toward three to six months of expenses set aside.'],
  [
    'my-lifestyle-savings',
    'My Lifestyle Savings',
    'Savings goals such as travel, a car or a home, and the monthly amount each needs.',
  ],
  ['my-investments', 'My Investments', 'Your investment and retirement accounts and a retirement projection.'],
  ['helo-vault', 'Vault', 'A safe place for your financial documents, encrypted at rest.'],
  ['chat', 'Connect with an Advisor', 'Ask to be connected with a financial professional.'],
];

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      {
        element: <PublicLayout />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: '/login', ...lazyPage(() => import('../features/auth/login-page.tsx'), 'LoginPage') },
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
          { path: '/contactus', ...lazyPage(() => import('../features/contact/contact-page.tsx'), 'ContactPage') },
          {
            path: '/loan-payments',
            ...lazyPage(() => import('../features/loans/loan-payments-page.tsx'), 'LoanPaymentsPage'),
          },
          { path: '/feedback', ...lazyPage(() => import('../features/feedback/feedback-page.tsx'), 'FeedbackPage') },
          { path: '*', ...lazyPage(() => import('./not-found-page.tsx'), 'NotFoundPage') },
        ],
      },
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
          ...BEING_BUILT.map(([path, title, about]) => ({
            path,
            handle: { title, about },
            ...lazyPage(() => import('./dashboard/being-built-page.tsx'), 'BeingBuiltPage'),
          })),
          { path: 'help-center', ...lazyPage(() => import('../features/help/help-center-page.tsx'), 'HelpCenterPage') },
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
];

export const createRouter = () => createBrowserRouter(routes);
