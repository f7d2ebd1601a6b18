import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogActions, DialogFrame } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useCodeForRecoveryCodes, useShownRecoveryCodes } from './two-factor-codes-flow.ts';
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
  const { codes, show, close } = useShownRecoveryCodes(onClose);
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
              show(made);
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
  } = useCodeForRecoveryCodes('/v1/auth/2fa/recovery-codes', 'New recovery codes made', onMade);
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
