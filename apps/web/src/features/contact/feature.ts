import type { Feature } from '../../lib/feature.ts';

/** The public contact page. */
export const contactFeature = {
  id: 'contact',
  routes: [
    {
      path: '/contactus',
      layout: 'public-with-queries',
      page: () => import('./contact-page.tsx').then((m) => m.ContactPage),
    },
  ],
} satisfies Feature;
