import type { Feature } from '../../lib/feature.ts';

/** Signing up, verifying the email, and the "all set up" page after the first setup. */
export const onboardingFeature = {
  id: 'onboarding',
  routes: [
    {
      path: '/onboarding',
      layout: 'public',
      page: () => import('./onboarding-page.tsx').then((m) => m.OnboardingPage),
    },
    {
      path: '/verify-email',
      layout: 'public',
      page: () => import('./verify-email-page.tsx').then((m) => m.VerifyEmailPage),
    },
    {
      path: '/dashboard/all-set-up',
      layout: 'dashboard',
      page: () => import('./all-set-up-page.tsx').then((m) => m.AllSetUpPage),
    },
  ],
} satisfies Feature;
