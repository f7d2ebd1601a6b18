import type { Feature } from '../../lib/feature.ts';

/** The tools page. */
export const toolsFeature = {
  id: 'tools',
  routes: [
    { path: '/dashboard/tools', layout: 'dashboard', page: () => import('./tools-page.tsx').then((m) => m.ToolsPage) },
  ],
} satisfies Feature;
