import type { twoFactorSetup } from '@helo/contract/two-factor';
import { lazy, Suspense, useState } from 'react';
import type { z } from 'zod';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogActions, DialogFrame } from '../../components/ui/dialog.tsx';
import { Stepper } from '../../components/ui/stepper.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useCodeForRecoveryCodes, useShownRecoveryCodes } from './two-factor-codes-flow.ts';
import { RecoveryCodes } from './two-factor-recovery-codes.tsx';
import styles from './two-factor-setup-dialog.module.css';
import { groupSecret } from './two-factor-text.ts';

// qrcode.react loads when someone turns two-factor sign-in on, not with Profile Settings.
const SecretQrCode = lazy(async () => ({ default: (await import('./two-factor-qr.tsx')).SecretQrCode }));

export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

const STEPS = ['Connect your app', 'Save recovery codes'] as const;

/**
 * Turning two-factor sign-in on: the new secret as a QR code and as text, a first code from the app
 * to prove it holds it, then the recovery codes, shown once. Open while `setup` is set.
 */
export function TwoFactorSetupDialog({
  setup,
  email,
  onEnabled,
  onClose,
  onCloseAutoFocus,
}: {
  setup: TwoFactorSetup | null;
  email: string;
  /** 2FA is on now: the section's status is read again. */
  onEnabled: () => void;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { codes, show, close } = useShownRecoveryCodes(onClose);
  return (
    <DialogFrame
      wide
      open={setup !== null}
      onOpenChange={(open) => !open && close()}
      title="Turn on two-factor sign-in"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <Stepper steps={STEPS} current={codes ? 1 : 0} label="Steps" compact />
      {setup && !codes && (
        <ConnectStep
          setup={setup}
          onEnabled={(recoveryCodes) => {
            show(recoveryCodes);
            onEnabled();
          }}
        />
      )}
      {codes && <RecoveryCodes codes={codes} email={email} onDone={close} />}
    </DialogFrame>
  );
}

function ConnectStep({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const {
    formError,
    onSubmit,
    register,
    formState: { errors, isSubmitting },
  } = useCodeForRecoveryCodes('/v1/auth/2fa/enable', 'Two-factor sign-in is on', onEnabled);

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(setup.secret);
      setCopied('The key is copied.');
    } catch {
      setCopied('It could not be copied here: select it and copy it yourself.');
    }
  };

  return (
    <ol className={styles.instructions}>
      <li>
        Open your authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) and scan this
        QR code.
        <div className={styles.qr}>
          <Suspense fallback={<div className={styles.qrPending} />}>
            <SecretQrCode url={setup.otpauth_url} />
          </Suspense>
        </div>
        <div className={styles.secret}>
          <span>Can't scan it? Enter this key in the app instead:</span>
          <code className={styles.key}>{groupSecret(setup.secret)}</code>
          <div className={styles.copyRow}>
            <Button variant="secondary" size="sm" onClick={() => void copySecret()}>
              Copy key
            </Button>
            <span role="status" className={styles.copied}>
              {copied}
            </span>
          </div>
        </div>
      </li>
      <li>
        Enter the 6-digit code the app shows for Helo.
        <Form onSubmit={onSubmit}>
          <FormAlert>{formError}</FormAlert>
          <TextField
            label="Code from the app"
            className={styles.codeField}
            inputMode="numeric"
            autoComplete="one-time-code"
            error={errors.code?.message}
            {...register('code')}
          />
          <DialogActions>
            <Button type="submit" loading={isSubmitting}>
              Turn on
            </Button>
          </DialogActions>
        </Form>
      </li>
    </ol>
  );
}
