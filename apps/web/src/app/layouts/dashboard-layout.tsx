import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Logo } from '../../components/layout/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { api, logout, useSession } from '../../lib/auth.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { dashboardRedirect } from '../guards.ts';
import styles from './dashboard-layout.module.css';

interface OnboardingInfo {
  user: { first_name: string; last_name: string; email_verified: boolean };
}

/**
 * The dashboard guard of spec §4 around a minimal frame; the side menu, notifications and help
 * menu of the full dashboard shell arrive with their own issue.
 */
export function DashboardLayout() {
  const session = useSession();
  const redirect = dashboardRedirect(session);
  // Confirms the session with the server on entry and picks up name or verification changes.
  const info = useQuery({
    queryKey: ['onboarding-info'],
    queryFn: async () => (await api.get<OnboardingInfo>('/v1/auth/register')).data,
    enabled: redirect === null,
  });
  useEffect(() => {
    const current = sessionStore.get();
    if (info.data && current) sessionStore.update({ user: { ...current.user, ...info.data.user } });
  }, [info.data]);

  if (redirect) return <Navigate to={redirect} replace />;
  const firstName = session?.user.first_name || 'User';
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <Logo to="/dashboard/home" />
        <div className={styles.user}>
          <span className={styles.avatar} aria-hidden="true">
            {firstName.charAt(0).toUpperCase()}
          </span>
          <span className={styles.name}>
            {firstName} {session?.user.last_name}
          </span>
          <Button variant="secondary" onClick={() => void logout()}>
            Log Out
          </Button>
        </div>
      </header>
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
