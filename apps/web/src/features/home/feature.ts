import type { Feature } from '../../lib/feature.ts';

/** Home: every area's headline figures (it reads them again whenever shown, so no write names it). */
export const homeFeature = {
  id: 'home',
  routes: [
    { path: '/dashboard/home', layout: 'dashboard', page: () => import('./home-page.tsx').then((m) => m.HomePage) },
  ],
  menu: [{ label: 'Home', to: '/dashboard/home', section: 'main', order: 10 }],
} satisfies Feature;
