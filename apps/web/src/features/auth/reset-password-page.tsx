import { newPasswordField, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@helo/contract/auth';
import { messageOnly } from '@helo/contract/envelope';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { useApiForm } from '../../lib/forms.ts';
import styles from './reset-password-page.module.css';

const schema = z
  .object({ password: newPasswordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords do not match' });
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const {
    formError,
    onSubmit,
    register,
    formState: { errors, isSubmitting },
  } = useApiForm(schema, async ({ password }) => {
    const { message } = expectFound(await api.post('/v1/auth/reset-password', { token, password }, messageOnly));
    setDone(message || 'Your password has been reset.');
  });

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <Notice tone="error">
          This page needs the link from your reset email. Ask for a new one if it has expired.
        </Notice>
        <Link to="/forgot-password">Send me a new link</Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      {done ? (
        <>
          <Notice tone="info" role="status">
            {done}
          </Notice>
          <Link to="/login">Go to log in</Link>
        </>
      ) : (
        <Form onSubmit={onSubmit}>
          {formError && (
            <FormAlert>
              {formError} {formError.includes('expired') && <Link to="/forgot-password">Send me a new link</Link>}
            </FormAlert>
          )}
          <ul className={styles.rules} id="password-rules">
            <li>
              {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters; a phrase of a few words works well
            </li>
            <li>Not a commonly used password, and not your email address</li>
          </ul>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            hint="See the rules above"
            {...register('password')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirm?.message}
            {...register('confirm')}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Reset password
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
