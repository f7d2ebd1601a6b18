import type { Feature } from '../../lib/feature.ts';

/** The public feedback page. */
export const feedbackFeature = {
  id: 'feedback',
  routes: [
    { path: '/feedback', layout: 'public', page: () => import('./feedback-page.tsx').then((m) => m.FeedbackPage) },
  ],
} satisfies Feature;
