import { useLocation } from 'react-router';
import { ButtonLink } from '../ui/button.tsx';
import { Logo } from './logo.tsx';
import styles from './public-header.module.css';

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
          {signedIn && <ButtonLink to="/dashboard/home">My dashboard</ButtonLink>}
          {!signedIn && pathname !== '/login' && (
            <ButtonLink to="/login" variant="secondary">
              Log In
            </ButtonLink>
          )}
          {!signedIn && <ButtonLink to="/onboarding">Sign Up</ButtonLink>}
        </nav>
      </div>
    </header>
  );
}
