import { recoveryCodesResponse, twoFactorCodeBody } from '@helo/contract/two-factor';
import { useState } from 'react';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogActions, DialogFrame } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { useApiForm } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { RecoveryCodes } from './two-factor-recovery-codes.tsx';

/** A new set of recovery codes, after a current code from the app; the old set stops working. */
export function TwoFactorNewCodesDialog({
  open,
  email,
  onMade,
  onClose,
  onCloseAutoFocus,
}: {
  open: boolean;
  email: string;
  /** The count of codes left changed: the section's status is read again. */
  onMade: () => void;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setCodes(null);
    onClose();
  };
  return (
    <DialogFrame
      wide
      open={open}
      onOpenChange={(isOpen) => !isOpen && close()}
      title="Get new recovery codes"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {codes ? (
        <RecoveryCodes codes={codes} email={email} onDone={close} />
      ) : (
        open && (
          <CodeForm
            onMade={(made) => {
              setCodes(made);
              onMade();
            }}
          />
        )
      )}
    </DialogFrame>
  );
}

function CodeForm({ onMade }: { onMade: (codes: string[]) => void }) {
  const {
    formError,
    onSubmit,
    register,
    formState: { errors, isSubmitting },
  } = useApiForm(twoFactorCodeBody, async (values) => {
    const { data, message } = expectFound(await api.post('/v1/auth/2fa/recovery-codes', values, recoveryCodesResponse));
    toastSuccess(message, 'New recovery codes made');
    onMade(data.recovery_codes);
  });
  return (
    <Form onSubmit={onSubmit}>
      <p>The codes you have now stop working once the new ones are made.</p>
      <FormAlert>{formError}</FormAlert>
      <TextField
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register('code')}
      />
      <DialogActions>
        <Button type="submit" loading={isSubmitting}>
          Get new codes
        </Button>
      </DialogActions>
    </Form>
  );
}
