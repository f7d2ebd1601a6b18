import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/layout/logo.tsx';
import { logout } from '../../lib/auth.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { activationOf } from '../features.ts';
import { isActive, MAIN_MENU, type MenuItem, OTHER_MENU } from './dashboard-menu.ts';
import styles from './side-menu.module.css';

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" className={styles.lock}>
      <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * The lock of an item whose feature is off (its `lockedUntil`): each reads its feature's own query
 * (the Nest's, for the Nest Account and My Wallet; the Vault's), so the activation's answer, written
 * into that query, takes the locks away at once, in the side bar and the drawer. Until the feature is
 * known to be on, the lock stays: it never shows a feature on that is not (decisions.md "Lock icons").
 */
function Lock({ until }: { until: string }) {
  const useActive = activationOf(until);
  if (useActive()) return null;
  return (
    <>
      <LockIcon />
      <span className="visually-hidden"> (locked)</span>
    </>
  );
}

function MenuLink({ item, pathname, onNavigate }: { item: MenuItem; pathname: string; onNavigate?: () => void }) {
  const active = isActive(item, pathname);
  return (
    <li>
      <Link
        to={item.to}
        className={active ? `${styles.menuLink} ${styles.menuLinkActive}` : styles.menuLink}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        <span>{item.label}</span>
        {item.lockedUntil && <Lock until={item.lockedUntil} />}
      </Link>
    </li>
  );
}

/** The menu list, Other links, user block and Log Out: the desktop side bar and the phone drawer. */
export function SideMenu({ onNavigate, showLogo = true }: { onNavigate?: () => void; showLogo?: boolean }) {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const firstName = user?.first_name || 'User';
  const fullName = [firstName, user?.last_name].filter(Boolean).join(' ');
  return (
    <div className={styles.menu}>
      {showLogo && (
        <div className={styles.menuLogo}>
          <Logo to="/dashboard/home" />
        </div>
      )}
      <nav aria-label="Main">
        <ul className={styles.menuList}>
          {MAIN_MENU.map((item) => (
            <MenuLink key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} />
          ))}
        </ul>
        <h2 className={styles.menuHeading}>Other</h2>
        <ul className={styles.menuList}>
          {OTHER_MENU.map((item) => (
            <MenuLink key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} />
          ))}
        </ul>
      </nav>
      <div className={styles.menuFooter}>
        <Link to="/dashboard/ProfileSettings" className={styles.userBlock} onClick={onNavigate}>
          <span className={styles.avatar} aria-hidden="true">
            {firstName.charAt(0).toUpperCase()}
          </span>
          <span>{fullName}</span>
        </Link>
        <button type="button" className={styles.logout} onClick={() => void logout()}>
          Log Out
        </button>
      </div>
    </div>
  );
}
