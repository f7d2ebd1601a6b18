import { lazy, Suspense, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { IconButton } from '../../components/layout/icon-button.tsx';
import { Logo } from '../../components/layout/logo.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { useSession } from '../../lib/auth.ts';
import { authInterrupts } from '../../lib/auth-interrupt.ts';
import { useCurrentUserQuery } from '../../lib/current-user.ts';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { HelpMenu } from '../dashboard/help-menu.tsx';
import { SideMenu } from '../dashboard/side-menu.tsx';
import { LoadingBar } from '../global-loading.tsx';
import { dashboardRedirect } from '../guards.ts';
import styles from './dashboard-layout.module.css';

// Its own chunk, fetched at the first interrupt: the dialog's forms, schemas and passkey library are
// ~33 KB gzipped that a page which never asks should not download. A static import here also made a
// cycle the bundler could not order.
const AuthInterruptDialog = lazy(() =>
  import('../../features/auth-interrupt/auth-interrupt-dialog.tsx').then((m) => ({ default: m.AuthInterruptDialog })),
);

/** The dashboard of spec §2 behind the guard of spec §4: side menu, top bar with help, the page. */
export function DashboardLayout() {
  const { pathname, search, hash } = useLocation();
  const redirect = dashboardRedirect(useSession(), pathname + search + hash);
  // Confirms the session with the server on each entry and picks up a name changed elsewhere.
  useCurrentUserQuery({ confirm: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDismiss(drawerRef, menuOpen, closeMenu, menuButton);
  // This subscription is what tells the API client a dialog can ask; the dialog itself mounts at the
  // first interrupt and stays, so closing it animates and a second one opens at once.
  const interrupted = useSyncExternalStore(authInterrupts.subscribe, authInterrupts.current) !== null;
  const [dialogLoaded, setDialogLoaded] = useState(false);
  if (interrupted && !dialogLoaded) setDialogLoaded(true);

  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <div className={styles.shell}>
      <aside className={styles.sidebar}>
        <SideMenu />
      </aside>
      <div className={styles.content}>
        <header className={styles.topbar}>
          <div className={styles.mobileOnly} ref={drawerRef}>
            <IconButton
              ref={menuButton}
              label="Menu"
              aria-expanded={menuOpen}
              aria-controls="dashboard-drawer"
              onClick={() => setMenuOpen((o) => !o)}
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </IconButton>
            {menuOpen && (
              <div id="dashboard-drawer" className={styles.drawer}>
                <SideMenu onNavigate={closeMenu} showLogo={false} />
              </div>
            )}
          </div>
          <div className={styles.mobileOnly}>
            <Logo to="/dashboard/home" />
          </div>
          <div className={styles.topbarActions}>
            {pathname.startsWith('/dashboard/my-investments') && (
              // On a phone the words would wrap to four lines in the top bar: a chat icon stands in
              // for them there, and the words stay the link's name for screen readers and tests.
              <ButtonLink to="/dashboard/chat" size="sm" className={styles.advisor} title="Chat with Helo advisor">
                <svg
                  className={styles.advisorIcon}
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    d="M4 5h16v11H9l-5 4V5z"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinejoin="round"
                  />
                </svg>
                <span className={styles.advisorText}>Chat with Helo advisor</span>
              </ButtonLink>
            )}
            <NotificationBell />
            <HelpMenu />
          </div>
        </header>
        <main id="main" className={styles.main}>
          <Suspense fallback={<LoadingBar />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <AuthInterruptDialog />
        </Suspense>
      )}
    </div>
  );
}
