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
import { useLightForm } from '../../lib/light-form.ts';

// A light form like the sign-in's: one field needs no react-hook-form, and the contract's schemas
// (zod) load when the visitor first focuses the form, not with the page (performance.spec.ts).
const loadSchemas = async () => {
  const [{ forgotPasswordBody }, { messageOnly }] = await Promise.all([
    import('@helo/contract/auth'),
    import('@helo/contract/envelope'),
  ]);
  return { forgotPasswordBody, messageOnly };
};

export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const { errors, formError, isSubmitting, onSubmit, onChange, onFocus } = useLightForm(
    async () => (await loadSchemas()).forgotPasswordBody,
    ['email'],
    async (values) => {
      const { messageOnly } = await loadSchemas();
      const { message } = expectFound(await api.post('/v1/auth/forgot-password', values, messageOnly));
      setSent(message || 'Check your inbox for a link to reset your password.');
    },
  );

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
        <Form onSubmit={onSubmit} onChange={onChange} onFocus={onFocus}>
          <FormAlert>{formError}</FormAlert>
          <TextField label="Email" type="email" autoComplete="email" name="email" error={errors.email} />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Send reset link
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
