import { Link } from 'react-router';
import styles from './logo.module.css';

export function Logo({ to }: { to: string }) {
  return (
    <Link to={to} className={styles.logo} aria-label="Helo home">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M10 8v16M22 8v16M10 16h12" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      </svg>
      <span className={styles.word}>Helo</span>
    </Link>
  );
}
