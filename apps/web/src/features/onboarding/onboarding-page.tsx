import { useSession } from '../../lib/auth.ts';
import { GoalsStep } from './goals-step.tsx';
import { SignUpForm } from './signup-form.tsx';
import { VerifyEmailPending } from './verify-email-states.tsx';

/** /onboarding: sign up → verify your email → pick your goals, by where the user stands. */
export function OnboardingPage() {
  const session = useSession();
  if (!session) return <SignUpForm />;
  if (!session.user.email_verified) return <VerifyEmailPending email={session.user.email} />;
  return <GoalsStep />;
}
