import { forgotPasswordBody } from '@helo/contract/auth';
import { messageOnly } from '@helo/contract/envelope';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Notice } from '../../components/layout/notice.tsx';
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
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to set a new one."
      footer={
        <>
          Remembered it? <Link to="/login">Back to log in</Link>
        </>
      }
    >
      {sent ? (
        <Notice tone="info" role="status">
          {sent}
        </Notice>
      ) : (
        <Form onSubmit={onSubmit}>
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
        </Form>
      )}
    </AuthCard>
  );
}
