import { forgotPasswordBody } from '@helo/contract/auth';
import { messageOnly } from '@helo/contract/envelope';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import form from '../../components/layout/form.module.css';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { useApiForm } from '../../lib/forms.ts';

export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    formError,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useApiForm(forgotPasswordBody, async (values) => {
    const { message } = expectFound(await api.post('/v1/auth/forgot-password', values, messageOnly));
    setSent(message || 'Check your inbox for a link to reset your password.');
  });

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your email and we will send you a link to set a new one.">
      {sent ? (
        <p role="status" className={form.notice}>
          {sent}
        </p>
      ) : (
        <form className={form.form} onSubmit={onSubmit} noValidate>
          <FormAlert>{formError}</FormAlert>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Send reset link
          </Button>
        </form>
      )}
      <p className={form.footnote}>
        Remembered it? <Link to="/login">Back to log in</Link>
      </p>
    </AuthCard>
  );
}
