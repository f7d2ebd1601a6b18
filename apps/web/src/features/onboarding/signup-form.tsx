import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@helo/contract/password-rules';
import { Link } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api, startSession } from '../../lib/auth.ts';
import { useLightForm } from '../../lib/light-form.ts';
import styles from './signup-form.module.css';

// A light form like the sign-in's: the contract's schemas (and zod) load when the visitor first
// focuses the form, not with the page, and react-hook-form is not needed (performance.spec.ts).
const loadSchemas = () => import('./signup-schema.ts');

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'accept_terms'] as const;

/** Sign up: the first step of onboarding for someone signed out. */
export function SignUpForm() {
  const { errors, formError, isSubmitting, onSubmit, onChange, onFocus } = useLightForm(
    async () => (await loadSchemas()).signupSchema,
    FIELDS,
    async ({ accept_terms: _accepted, ...values }) => {
      const { sessionResponse } = await loadSchemas();
      const { data } = expectFound(await api.post('/v1/auth/register', values, sessionResponse));
      // Signed in and unverified: the onboarding page now shows the verify-email step.
      startSession(data);
    },
  );

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
      <Form onSubmit={onSubmit} onChange={onChange} onFocus={onFocus}>
        <FormAlert>{formError}</FormAlert>
        <div className={styles.nameRow}>
          <TextField label="First name" autoComplete="given-name" name="first_name" error={errors.first_name} />
          <TextField label="Last name" autoComplete="family-name" name="last_name" error={errors.last_name} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" name="email" error={errors.email} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A phrase of a few words works well; common passwords and your email are not accepted.`}
          name="password"
          error={errors.password}
        />
        <Checkbox
          label={
            <>
              I accept the <Link to="/terms-conditions">Terms of Service</Link> and{' '}
              <Link to="/privacy-policy">Privacy Policy</Link>
            </>
          }
          name="accept_terms"
          error={errors.accept_terms}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Sign Up
        </Button>
      </Form>
    </AuthCard>
  );
}
