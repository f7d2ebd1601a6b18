import { messageOnly } from '@helo/contract/envelope';
import { disableTwoFactorBody } from '@helo/contract/two-factor';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogActions, DialogFrame } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { useApiForm } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';

/**
 * Turning two-factor sign-in off takes the password and a current code: a session left open
 * somewhere is not enough to weaken the account.
 */
export function TwoFactorDisableDialog({
  open,
  onDisabled,
  onClose,
  onCloseAutoFocus,
}: {
  open: boolean;
  /** Resolves once the section shows it off, so the focus can go to what is there then. */
  onDisabled: () => Promise<void>;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Turn off two-factor sign-in?"
      description="Signing in will ask for your password only. To confirm, enter your password and a code from your app (or a recovery code)."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {open && <DisableForm onDisabled={onDisabled} onClose={onClose} />}
    </DialogFrame>
  );
}

function DisableForm({ onDisabled, onClose }: { onDisabled: () => Promise<void>; onClose: () => void }) {
  const {
    formError,
    onSubmit,
    register,
    formState: { errors, isSubmitting },
  } = useApiForm(disableTwoFactorBody, async (values) => {
    const { message } = expectFound(await api.post('/v1/auth/2fa/disable', values, messageOnly));
    await onDisabled();
    toastSuccess(message, 'Two-factor sign-in is off');
    onClose();
  });
  return (
    <Form onSubmit={onSubmit}>
      <FormAlert>{formError}</FormAlert>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Code from your app or a recovery code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.code?.message}
        {...register('code')}
      />
      <DialogActions>
        <Button type="submit" variant="danger" loading={isSubmitting}>
          Turn off
        </Button>
      </DialogActions>
    </Form>
  );
}
