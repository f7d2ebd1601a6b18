import type { SessionPayload } from '@helo/contract/auth';
import type { TwoFactorChallenge } from '@helo/contract/two-factor';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api, startSession } from '../../lib/auth.ts';
import { useLightForm } from '../../lib/light-form.ts';
import { nextPath } from '../../lib/next-path.ts';
import styles from './login-page.module.css';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';

// Only accounts with two-factor sign-in need the second step: it stays out of /login's first visit.
const loadSecondStep = () => import('./login-second-step.tsx');
const LoginSecondStep = lazy(async () => ({ default: (await loadSecondStep()).LoginSecondStep }));

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  // Kept across the second step, so going back only asks for the password again.
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  const finish = useCallback(
    (session: SessionPayload) => {
      startSession(session);
      navigate(nextPath(params), { replace: true });
    },
    [navigate, params],
  );
  const restart = useCallback((message?: string) => {
    setNotice(message ?? null);
    setChallenge(null);
  }, []);

  const { errors, formError, isSubmitting, onSubmit, onChange, onFocus } = useLightForm(
    async () => (await import('@helo/contract/auth')).loginBody,
    ['email', 'password'],
    async (values) => {
      // The answer's schema comes from the module the form loaded for its own checks on first focus,
      // so validating it adds nothing to this page's chunk (which must stay without zod).
      const { loginResponse, needsSecondFactor } = await import('@helo/contract/auth');
      const { data } = expectFound(await api.post('/v1/auth/login', values, loginResponse));
      if (!needsSecondFactor(data)) return finish(data);
      await loadSecondStep();
      setEmail(values.email);
      setNotice(null);
      setChallenge(data);
    },
  );

  return (
    <AuthCard
      title="Log in to Helo"
      subtitle={
        challenge
          ? 'Your account has two-factor sign-in on: one more step.'
          : 'Welcome back. Your money picture is waiting.'
      }
      footer={
        challenge ? undefined : (
          <>
            New to Helo? <Link to="/onboarding">Sign Up</Link>
          </>
        )
      }
    >
      {challenge ? (
        <Suspense fallback={<Spinner label="Loading" />}>
          <LoginSecondStep challenge={challenge} onSession={finish} onRestart={restart} />
        </Suspense>
      ) : (
        <Form onSubmit={onSubmit} onChange={onChange} onFocus={onFocus}>
          {notice && (
            <Notice tone="error" role="alert">
              {notice}
            </Notice>
          )}
          {params.get('account') === 'deleted' && (
            <Notice tone="info" role="status">
              Your account has been deleted.
            </Notice>
          )}
          <FormAlert>{formError}</FormAlert>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            name="email"
            defaultValue={email}
            error={errors.email}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            name="password"
            // Back from the second step: the email is still there, the password is what is asked.
            autoFocus={email !== ''}
            error={errors.password}
          />
          <div className={styles.row}>
            <Link to="/forgot-password">Forgot password?</Link>
          </div>
          <Button type="submit" loading={isSubmitting} fullWidth>
            Log In
          </Button>
        </Form>
      )}
      {!challenge && <PasskeySignInButton onSession={finish} />}
    </AuthCard>
  );
}
