import { Link, useLocation } from 'react-router';
import { Logo } from './logo.tsx';
import styles from './public-layout.module.css';

export function PublicHeader() {
  const { pathname } = useLocation();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Logo to="/" />
        <nav aria-label="Account" className={styles.actions}>
          {pathname !== '/login' && (
            <Link to="/login" className={styles.secondaryAction}>
              Log In
            </Link>
          )}
          <Link to="/onboarding" className={styles.primaryAction}>
            Sign Up
          </Link>
        </nav>
      </div>
    </header>
  );
}
