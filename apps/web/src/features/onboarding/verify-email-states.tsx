import { useNavigate } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useApiAction } from '../../lib/api-action.ts';
import { api, logout, useSession } from '../../lib/auth.ts';
import styles from './verify-email-states.module.css';

/** State 1: signed up, link not clicked yet. */
export function VerifyEmailPending({ email }: { email: string }) {
  // The answer's schema loads with the call: /onboarding shows this state but must not carry zod
  // for the sign-up form, which loads it on focus (performance.spec.ts).
  const resend = useApiAction(
    async () =>
      api.post('/v1/auth/resend-verification-email', {}, (await import('@helo/contract/envelope')).messageOnly),
    {
      success: 'Email sent successfully',
    },
  );
  return (
    <AuthCard title="Please verify your email" subtitle={`You're almost there! We sent an email to ${email}`}>
      <MutedText>
        Open the link in that email to confirm your address. If it is not in your inbox within a few minutes, check your
        spam or junk folder.
      </MutedText>
      <div className={styles.actions}>
        <Button onClick={() => void resend.run()} loading={resend.busy} fullWidth>
          Resend Verification Email
        </Button>
        <Button variant="secondary" onClick={() => void logout()} fullWidth>
          Logout
        </Button>
      </div>
    </AuthCard>
  );
}

/** State 3: the address is confirmed. */
export function VerifyEmailDone() {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <AuthCard title="Your email has been verified successfully">
      <Button onClick={() => navigate(session ? '/dashboard/home' : '/login')} fullWidth>
        Go to dashboard
      </Button>
    </AuthCard>
  );
}

/**
 * State 2: opened from the mailed link. A success says "Email verified" once, in the title (issue 25:
 * a notice and a toast repeating it were three times); a failure shows the server's reason.
 */
export function VerifyEmailResult({ message, ok }: { message: string; ok: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  // Signed in, the next step of onboarding is picking goals; signed out, it is logging in.
  const next = session ? '/onboarding' : '/login';
  return (
    <AuthCard title={ok ? 'Email verified' : 'We could not verify your email'}>
      {!ok && (
        <Notice tone="error" role="status">
          {message}
        </Notice>
      )}
      <MutedText>{session ? 'Continue to set up Helo.' : 'Please login to continue'}</MutedText>
      <Button onClick={() => navigate(next)} fullWidth>
        Continue
      </Button>
    </AuthCard>
  );
}
