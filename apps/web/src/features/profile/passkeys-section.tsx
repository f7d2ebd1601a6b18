import { messageOnly } from '@helo/contract/envelope';
import {
  MAX_PASSKEYS,
  type Passkey,
  passkeyRegistrationOptionsResponse,
  passkeyResponse,
  passkeysResponse,
  registerPasskeyBody,
} from '@helo/contract/passkeys';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DialogActions, DialogFrame } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError, errorMessage, expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { CURRENT_USER_KEY } from '../../lib/current-user.ts';
import { useApiForm } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { loadWebAuthn, type PasskeyProblem, passkeyProblem, UNSUPPORTED } from '../auth/index.ts';
import styles from './passkeys-section.module.css';
import { deviceName } from './passkeys-section-device-name.ts';

export const PASSKEYS_KEY = ['profile', 'passkeys'];
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function PasskeysSection() {
  const client = useQueryClient();
  const passkeys = useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: async () => expectFound(await api.get('/v1/auth/passkeys', passkeysResponse)).data,
  });
  // The account's security summary (GET /register) counts the passkeys too.
  const changed = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: PASSKEYS_KEY }),
      client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    ]);
  };
  const full = (passkeys.data?.length ?? 0) >= MAX_PASSKEYS;

  return (
    <Panel title="Passkeys">
      <MutedText>
        A passkey signs you in with your fingerprint, face or device PIN instead of your password. It stays on your
        device, or in your password manager, which may sync it to your other devices.
      </MutedText>
      {passkeys.isPending && <Spinner label="Loading" />}
      {passkeys.isError && <FormAlert>Your passkeys could not be loaded. Please reload.</FormAlert>}
      {passkeys.data?.length === 0 && <p>You have no passkeys yet.</p>}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul className={styles.passkeys}>
          {passkeys.data.map((p) => (
            <PasskeyRow key={p.id} passkey={p} onRemoved={changed} />
          ))}
        </ul>
      )}
      {full ? (
        <MutedText small>
          You have {MAX_PASSKEYS} passkeys, the most an account can have. Remove one to add another.
        </MutedText>
      ) : (
        <AddPasskey onAdded={changed} />
      )}
    </Panel>
  );
}

function PasskeyRow({ passkey, onRemoved }: { passkey: Passkey; onRemoved: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setError(null);
    setPending(true);
    try {
      const { message } = expectFound(await api.del(`/v1/auth/passkeys/${passkey.id}`, messageOnly));
      toastSuccess(message, 'Passkey removed');
      setOpen(false);
      await onRemoved();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };
  return (
    <li className={styles.passkey}>
      <div className={styles.about}>
        <span className={styles.name}>
          {passkey.name}
          {passkey.backed_up && <span className={styles.synced}>Synced</span>}
        </span>
        <small>
          Added {day.format(new Date(passkey.created_at))} ·{' '}
          {passkey.last_used_at ? `Last used ${moment.format(new Date(passkey.last_used_at))}` : 'Never used'}
        </small>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={(isOpen) => {
          setOpen(isOpen);
          if (!isOpen) setError(null);
        }}
        trigger={
          <Button variant="secondary" size="sm">
            Remove<span className="visually-hidden"> {passkey.name}</span>
          </Button>
        }
        title={`Remove the passkey “${passkey.name}”?`}
        description="You will no longer be able to sign in with it. Your device or password manager may still list it; you can delete it there too."
        error={error}
        confirmLabel="Remove passkey"
        pending={pending}
        onConfirm={() => void remove()}
      />
    </li>
  );
}

const nameOnly = registerPasskeyBody.pick({ name: true });

function AddPasskey({ onAdded }: { onAdded: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <DialogFrame
        open={open}
        onOpenChange={setOpen}
        trigger={<Button variant="secondary">Add a passkey</Button>}
        title="Add a passkey"
        description="Name it after the device or password manager that will keep it, so you can tell your passkeys apart."
      >
        {open && (
          <AddPasskeyForm
            onAdded={async () => {
              setOpen(false);
              await onAdded();
            }}
          />
        )}
      </DialogFrame>
    </div>
  );
}

/**
 * The name, then the browser's prompt: the server's options, `startRegistration`, and the answer
 * saved with the name. A prompt the person closes leaves the dialog open with a calm word.
 */
function AddPasskeyForm({ onAdded }: { onAdded: () => Promise<void> }) {
  const [problem, setProblem] = useState<PasskeyProblem | null>(null);
  const {
    formError,
    onSubmit,
    register,
    formState: { errors, isSubmitting },
  } = useApiForm(
    nameOnly,
    async ({ name }) => {
      setProblem(null);
      try {
        const { startRegistration, browserSupportsWebAuthn } = await loadWebAuthn();
        if (!browserSupportsWebAuthn()) {
          setProblem({ tone: 'error', text: UNSUPPORTED });
          return;
        }
        const { options } = expectFound(
          await api.post('/v1/auth/passkeys/options', {}, passkeyRegistrationOptionsResponse),
        ).data;
        // The server built these options with the WebAuthn library; the contract checks their outer shape only.
        const optionsJSON = options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'];
        const credential = await startRegistration({ optionsJSON });
        const saved = expectFound(await api.post('/v1/auth/passkeys', { name, credential }, passkeyResponse));
        toastSuccess(saved.message, 'Passkey added');
        await onAdded();
      } catch (error) {
        // The server's refusals go to the form (a name that is too long lands on its field).
        if (error instanceof ApiError) throw error;
        setProblem(passkeyProblem(error, 'register'));
      }
    },
    { defaultValues: { name: deviceName(navigator.userAgent) } },
  );
  return (
    <Form onSubmit={onSubmit}>
      <FormAlert>{formError}</FormAlert>
      {problem && (
        <Notice tone={problem.tone} role={problem.tone === 'error' ? 'alert' : 'status'}>
          {problem.text}
        </Notice>
      )}
      <TextField label="Passkey name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <DialogActions>
        <Button type="submit" loading={isSubmitting}>
          Create passkey
        </Button>
      </DialogActions>
    </Form>
  );
}
