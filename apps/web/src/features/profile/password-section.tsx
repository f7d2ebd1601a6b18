import { changePasswordBody, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@helo/contract/auth';
import { messageOnly } from '@helo/contract/envelope';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { useApiForm } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';
import styles from './profile-settings.module.css';

export function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const {
    formError,
    onSubmit,
    register,
    reset,
    formState: { errors, isSubmitting },
  } = useApiForm(changePasswordBody, async (values) => {
    const { message } = expectFound(await api.post('/v1/auth/change-password', values, messageOnly));
    reset({ current_password: '', new_password: '' });
    toastSuccess(message, 'Password changed');
    onChanged();
  });

  return (
    <section className={styles.card} aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <p className={styles.muted}>Changing your password signs you out on every other device.</p>
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <FormAlert>{formError}</FormAlert>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters; not a common password or your email.`}
          error={errors.new_password?.message}
          {...register('new_password')}
        />
        <div>
          <Button type="submit" loading={isSubmitting}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
