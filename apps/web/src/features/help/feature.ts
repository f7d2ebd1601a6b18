import type { Feature } from '../../lib/feature.ts';

/** The help centre, its articles and the glossary. */
export const helpFeature = {
  id: 'help',
  routes: [
    {
      path: '/dashboard/help-center',
      layout: 'dashboard',
      page: () => import('./help-center-page.tsx').then((m) => m.HelpCenterPage),
    },
    {
      path: '/dashboard/help-center/:topicId',
      layout: 'dashboard',
      page: () => import('./help-article-page.tsx').then((m) => m.HelpArticlePage),
    },
    {
      path: '/dashboard/HelpDetail/:id',
      layout: 'dashboard',
      page: () => import('./help-article-page.tsx').then((m) => m.HelpDetailPage),
    },
    {
      path: '/dashboard/Glossary',
      layout: 'dashboard',
      page: () => import('./glossary-page.tsx').then((m) => m.GlossaryPage),
    },
  ],
  menu: [{ label: 'Help Center', to: '/dashboard/help-center', section: 'other', order: 10 }],
} satisfies Feature;
