import { lazy } from 'react';
import { useSession } from '../../lib/auth.ts';
import { SignUpForm } from './signup-form.tsx';
import { VerifyEmailPending } from './verify-email-states.tsx';

// The goals step (and TanStack Query with it) loads only for a verified user: most visitors of
// /onboarding are signing up.
const GoalsStep = lazy(async () => {
  const [{ GoalsStep: Step }, { WithQueries }] = await Promise.all([
    import('./goals-step.tsx'),
    import('../../lib/query-client.tsx'),
  ]);
  return {
    default: () => (
      <WithQueries>
        <Step />
      </WithQueries>
    ),
  };
});

/** /onboarding: sign up → verify your email → pick your goals, by where the user stands. */
export function OnboardingPage() {
  const session = useSession();
  if (!session) return <SignUpForm />;
  if (!session.user.email_verified) return <VerifyEmailPending email={session.user.email} />;
  return <GoalsStep />;
}
