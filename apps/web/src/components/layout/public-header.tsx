import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Logo } from './logo.tsx';
import styles from './public-header.module.css';

/**
 * Spec: 'Log In' (hidden on /login) and 'Sign Up'. Someone already signed in (on a setup, feedback
 * or contact page) is offered the way back to the dashboard instead.
 */
export function PublicHeader({
  signedIn = false,
  unverifiedEmail = null,
}: {
  signedIn?: boolean;
  /** Signed in but not verified: the dashboard can not open yet, and the button says why. */
  unverifiedEmail?: string | null;
}) {
  const { pathname } = useLocation();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Logo to="/" />
        <nav aria-label="Account" className={styles.actions}>
          {signedIn &&
            (unverifiedEmail ? (
              <NotYetDashboard email={unverifiedEmail} />
            ) : (
              <ButtonLink to="/dashboard/home">My dashboard</ButtonLink>
            ))}
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

/**
 * 'My dashboard' before the email is verified: the guard would only send the user back to this
 * page, so the button explains instead, in a note under it (closed by Escape or a click outside).
 */
function NotYetDashboard({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close, button);
  return (
    <div className={styles.anchor} ref={ref}>
      <Button ref={button} aria-expanded={open} aria-controls="dashboard-not-yet" onClick={() => setOpen((o) => !o)}>
        My dashboard
      </Button>
      {open && (
        <p id="dashboard-not-yet" className={styles.note} role="status">
          Your dashboard opens once your email is verified. Open the link we sent to {email}.
        </p>
      )}
    </div>
  );
}
