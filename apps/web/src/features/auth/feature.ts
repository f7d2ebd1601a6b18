import type { Feature } from '../../lib/feature.ts';
import { LoginPage } from './login-page.tsx';

/** Signing in: the sign-in page (in the entry chunk: most visits start there), forgotten and reset passwords. */
export const authFeature = {
  id: 'auth',
  routes: [
    { path: '/login', layout: 'sign-in', component: LoginPage },
    {
      path: '/forgot-password',
      layout: 'sign-in',
      page: () => import('./forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
    },
    {
      path: '/reset-password',
      layout: 'sign-in',
      page: () => import('./reset-password-page.tsx').then((m) => m.ResetPasswordPage),
    },
  ],
} satisfies Feature;
