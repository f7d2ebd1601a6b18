import { verifyEmailResponse } from '@helo/contract/auth';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError, errorMessage, expectFound } from '../../lib/api-client.ts';
import { api, useSession } from '../../lib/auth.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { toastError } from '../../lib/toast.ts';
import { VerifyEmailDone, VerifyEmailPending, VerifyEmailResult } from './verify-email-states.tsx';

type Outcome = { ok: boolean; message: string };

// One request per token, even when React runs the effect twice (StrictMode) or the page re-renders.
const attempts = new Map<string, Promise<Outcome>>();

function markVerified() {
  const session = sessionStore.get();
  if (session) sessionStore.update({ user: { ...session.user, email_verified: true } });
}

async function verify(token: string): Promise<Outcome> {
  try {
    const { message, data } = expectFound(await api.post('/v1/auth/verify-email', { token }, verifyEmailResponse));
    // The first proof of the address ended every earlier session; this browser's comes back new.
    if (data.session) {
      sessionStore.set({ ...data.session, timestamp: Date.now() });
      sessionStore.flush();
    } else markVerified();
    // No toast: the page's title says it (VerifyEmailResult).
    return { ok: true, message: message || 'Email verified successfully' };
  } catch (error) {
    const message = errorMessage(error);
    // Spec §4: a failed reply that still says the address is verified counts as verified.
    const reply = error instanceof ApiError ? verifyEmailResponse.shape.data.safeParse(error.data) : null;
    if (reply?.success && reply.data.email_verified) markVerified();
    toastError(error);
    return { ok: false, message };
  }
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const session = useSession();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!token) return;
    let current = attempts.get(token);
    if (!current) {
      current = verify(token);
      attempts.set(token, current);
    }
    let active = true;
    current.then((o) => active && setOutcome(o));
    return () => {
      active = false;
    };
  }, [token]);

  if (token) {
    if (!outcome) {
      return (
        <AuthCard title="Verifying your email">
          <Spinner label="Verifying your email" />
        </AuthCard>
      );
    }
    return <VerifyEmailResult {...outcome} />;
  }
  if (session?.user.email_verified) return <VerifyEmailDone />;
  if (session) return <VerifyEmailPending email={session.user.email} />;
  return (
    <AuthCard title="Please verify your email">
      <MutedText>Open the link we emailed you to confirm your address. To get a new link, log in first.</MutedText>
      <Link to="/login">Log In</Link>
    </AuthCard>
  );
}
