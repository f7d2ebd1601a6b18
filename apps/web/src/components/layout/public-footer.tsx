import { Link } from 'react-router';
import styles from './public-footer.module.css';

export function PublicFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <p>© {new Date().getFullYear()} Helo. All rights reserved.</p>
        <nav aria-label="Legal" className={styles.footerLinks}>
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/terms-conditions">Terms of Service</Link>
        </nav>
      </div>
    </footer>
  );
}
