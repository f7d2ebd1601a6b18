import { Link, useLocation } from 'react-router';
import { Logo } from './logo.tsx';
import styles from './public-layout.module.css';

/**
 * Spec: 'Log In' (hidden on /login) and 'Sign Up'. Someone already signed in (on a setup, feedback
 * or contact page) is offered the way back to the dashboard instead.
 */
export function PublicHeader({ signedIn = false }: { signedIn?: boolean }) {
  const { pathname } = useLocation();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Logo to="/" />
        <nav aria-label="Account" className={styles.actions}>
          {signedIn && (
            <Link to="/dashboard/home" className={styles.primaryAction}>
              My dashboard
            </Link>
          )}
          {!signedIn && pathname !== '/login' && (
            <Link to="/login" className={styles.secondaryAction}>
              Log In
            </Link>
          )}
          {!signedIn && (
            <Link to="/onboarding" className={styles.primaryAction}>
              Sign Up
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
