import { changePasswordBody, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@helo/contract/auth';
import { messageOnly } from '@helo/contract/envelope';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { useApiForm } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';

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
    <Panel title="Change password">
      <MutedText>Changing your password signs you out on every other device.</MutedText>
      <Form onSubmit={onSubmit}>
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
      </Form>
    </Panel>
  );
}
