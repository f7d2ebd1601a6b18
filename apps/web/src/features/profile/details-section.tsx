import { type PublicUser, profileBody, profileResponse } from '@helo/contract/auth';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { useCurrentUserQuery, useReplaceCurrentUser } from '../../lib/current-user.ts';
import { useApiForm } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';
import styles from './details-section.module.css';

/** The name form starts from what the server says, not from the sign-in's possibly older copy. */
export function DetailsSection() {
  const info = useCurrentUserQuery();
  if (!info.data) {
    return (
      <Panel title="Your details">
        {info.isError ? (
          <FormAlert>Your details could not be loaded. Please reload.</FormAlert>
        ) : (
          <Spinner label="Loading" />
        )}
      </Panel>
    );
  }
  return <DetailsForm user={info.data.user} />;
}

function DetailsForm({ user }: { user: PublicUser }) {
  const replaceUser = useReplaceCurrentUser();
  const {
    formError,
    onSubmit,
    register,
    formState: { errors, isSubmitting },
  } = useApiForm(
    profileBody,
    async (values) => {
      const { data, message } = expectFound(await api.put('/v1/auth/profile', values, profileResponse));
      replaceUser(data);
      toastSuccess(message, 'Profile updated');
    },
    { defaultValues: { first_name: user.first_name, last_name: user.last_name } },
  );

  return (
    <Panel title="Your details">
      <Form onSubmit={onSubmit}>
        <FormAlert>{formError}</FormAlert>
        <div className={styles.names}>
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
        <TextField label="Email" type="email" value={user.email} readOnly hint="Your sign-in address" />
        <div>
          <Button type="submit" loading={isSubmitting}>
            Save details
          </Button>
        </div>
      </Form>
    </Panel>
  );
}
