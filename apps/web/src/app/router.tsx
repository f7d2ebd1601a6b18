import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppShell } from './app-shell.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteError } from './route-error.tsx';

// Route modules load on demand, so the sign-in page does not download the dashboard.
const lazyPage = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

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
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
