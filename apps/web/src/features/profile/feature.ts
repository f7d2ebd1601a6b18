import type { Feature } from '../../lib/feature.ts';

/** Profile settings: details, password, passkeys, two-step sign-in, sessions, reminders, data. */
export const profileFeature = {
  id: 'profile',
  routes: [
    {
      path: '/dashboard/ProfileSettings',
      layout: 'dashboard',
      page: () => import('./profile-settings-page.tsx').then((m) => m.ProfileSettingsPage),
    },
  ],
} satisfies Feature;
