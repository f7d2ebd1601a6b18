import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, registerBody, sessionResponse } from '@helo/contract/auth';
import { Link } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api, startSession } from '../../lib/auth.ts';
import { useApiForm } from '../../lib/forms.ts';
import styles from './signup-form.module.css';

const schema = registerBody.extend({
  accept_terms: z.literal(true, { error: 'Please accept the Terms of Service and Privacy Policy to continue' }),
});

/** Sign up: the first step of onboarding for someone signed out. */
export function SignUpForm() {
  const {
    formError,
    onSubmit,
    register,
    formState: { errors, isSubmitting },
  } = useApiForm(schema, async ({ accept_terms: _accepted, ...values }) => {
    const { data } = expectFound(await api.post('/v1/auth/register', values, sessionResponse));
    // Signed in and unverified: the onboarding page now shows the verify-email step.
    startSession(data);
  });

  return (
    <AuthCard
      title="Create your Helo account"
      subtitle="Budget, loans, savings and investments in one calm place."
      footer={
        <>
          Already have an account? <Link to="/login">Log In</Link>
        </>
      }
    >
      <Form onSubmit={onSubmit}>
        <FormAlert>{formError}</FormAlert>
        <div className={styles.nameRow}>
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
        </div>
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
          autoComplete="new-password"
          hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A phrase of a few words works well; common passwords and your email are not accepted.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <Checkbox
          label={
            <>
              I accept the <Link to="/terms-conditions">Terms of Service</Link> and{' '}
              <Link to="/privacy-policy">Privacy Policy</Link>
            </>
          }
          error={errors.accept_terms?.message}
          {...register('accept_terms')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Sign Up
        </Button>
      </Form>
    </AuthCard>
  );
}
