import type { Feature } from '../../lib/feature.ts';

/** The privacy policy and the terms, public and in the dashboard. */
export const legalFeature = {
  id: 'legal',
  routes: [
    {
      path: '/privacy-policy',
      layout: 'public',
      page: () => import('./privacy-policy-page.tsx').then((m) => m.PrivacyPolicyPage),
    },
    { path: '/terms-conditions', layout: 'public', page: () => import('./terms-page.tsx').then((m) => m.TermsPage) },
    {
      path: '/dashboard/privacy-policy',
      layout: 'dashboard',
      page: () => import('./privacy-policy-page.tsx').then((m) => m.PrivacyPolicyPage),
    },
    {
      path: '/dashboard/terms-conditions',
      layout: 'dashboard',
      page: () => import('./terms-page.tsx').then((m) => m.TermsPage),
    },
  ],
  menu: [
    { label: 'Privacy Policy', to: '/dashboard/privacy-policy', section: 'other', order: 20 },
    { label: 'Terms of Service', to: '/dashboard/terms-conditions', section: 'other', order: 30 },
  ],
} satisfies Feature;
