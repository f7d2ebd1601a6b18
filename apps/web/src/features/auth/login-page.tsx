import { loginBody, type SessionPayload } from '@helo/contract/auth';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import form from '../../components/layout/form.module.css';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { api, startSession } from '../../lib/auth.ts';
import { useApiForm } from '../../lib/forms.ts';
import { nextPath } from '../../lib/next-path.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const {
    formError,
    onSubmit,
    register,
    formState: { errors, isSubmitting },
  } = useApiForm(loginBody, async (values) => {
    const { data } = await api.post<SessionPayload>('/v1/auth/login', values);
    startSession(data);
    navigate(nextPath(params), { replace: true });
  });

  return (
    <AuthCard title="Log in to Helo" subtitle="Welcome back. Your money picture is waiting.">
      <form className={form.form} onSubmit={onSubmit} noValidate>
        <FormAlert>{formError}</FormAlert>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className={form.row}>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="submit" loading={isSubmitting} fullWidth>
          Log In
        </Button>
      </form>
      <p className={form.footnote}>
        New to Helo? <Link to="/onboarding">Sign Up</Link>
      </p>
    </AuthCard>
  );
}
