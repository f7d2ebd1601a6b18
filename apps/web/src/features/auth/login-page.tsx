import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api, startSession } from '../../lib/auth.ts';
import { useLightForm } from '../../lib/light-form.ts';
import { nextPath } from '../../lib/next-path.ts';
import styles from './login-page.module.css';

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { errors, formError, isSubmitting, onSubmit, onChange, onFocus } = useLightForm(
    async () => (await import('@helo/contract/auth')).loginBody,
    ['email', 'password'],
    async (values) => {
      // The answer's schema comes from the module the form loaded for its own checks on first focus,
      // so validating it adds nothing to this page's chunk (which must stay without zod).
      const { sessionResponse } = await import('@helo/contract/auth');
      const { data } = expectFound(await api.post('/v1/auth/login', values, sessionResponse));
      startSession(data);
      navigate(nextPath(params), { replace: true });
    },
  );

  return (
    <AuthCard
      title="Log in to Helo"
      subtitle="Welcome back. Your money picture is waiting."
      footer={
        <>
          New to Helo? <Link to="/onboarding">Sign Up</Link>
        </>
      }
    >
      <Form onSubmit={onSubmit} onChange={onChange} onFocus={onFocus}>
        <FormAlert>{formError}</FormAlert>
        <TextField label="Email" type="email" autoComplete="email" name="email" error={errors.email} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          name="password"
          error={errors.password}
        />
        <div className={styles.row}>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="submit" loading={isSubmitting} fullWidth>
          Log In
        </Button>
      </Form>
    </AuthCard>
  );
}
