import { type PublicUser, profileBody } from '@helo/contract/auth';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { api, useSession } from '../../lib/auth.ts';
import { useApiForm } from '../../lib/forms.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { showToast, TOAST_MS } from '../../lib/toast.ts';
import styles from './profile-settings.module.css';

export function DetailsSection() {
  const session = useSession();
  const {
    formError,
    onSubmit,
    register,
    formState: { errors, isSubmitting },
  } = useApiForm(
    profileBody,
    async (values) => {
      const { data, message } = await api.put<PublicUser>('/v1/auth/profile', values);
      sessionStore.update({ user: data });
      showToast('success', message ?? 'Profile updated', TOAST_MS.long);
    },
    { defaultValues: { first_name: session?.user.first_name ?? '', last_name: session?.user.last_name ?? '' } },
  );

  return (
    <section className={styles.card} aria-labelledby="details-title">
      <h2 id="details-title">Your details</h2>
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <FormAlert>{formError}</FormAlert>
        <div className={styles.grid}>
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
        <TextField label="Email" type="email" value={session?.user.email ?? ''} readOnly hint="Your sign-in address" />
        <div>
          <Button type="submit" loading={isSubmitting}>
            Save details
          </Button>
        </div>
      </form>
    </section>
  );
}
