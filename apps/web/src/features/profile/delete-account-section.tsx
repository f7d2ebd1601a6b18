import { deleteAccountBody } from '@helo/contract/account';
import { messageOnly } from '@helo/contract/envelope';
import { codeField } from '@helo/contract/two-factor';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogActions, DialogFrame } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField, type TextFieldProps } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api, logout } from '../../lib/auth.ts';
import { useCurrentUserQuery } from '../../lib/current-user.ts';
import { useApiForm } from '../../lib/forms.ts';
import { DownloadDataButton } from './data-export-section.tsx';
import styles from './delete-account-section.module.css';

/** Where the browser lands once the account is gone: the login page says so. */
export const ACCOUNT_DELETED_PATH = '/login?account=deleted';

const LOST = [
  'your budgets and spending categories',
  'your loans and their payoff plans',
  'your emergency fund and its history',
  'your lifestyle goals',
  'your investments and retirement plan',
  'your Money Nest and its rules',
  'your wallet transactions and bank imports',
  'your documents',
  'your notifications, reminders and settings',
  'your passkeys, two-factor sign-in and every signed-in device',
];

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <Panel title="Delete my account" className={styles.danger}>
      <MutedText>
        Deleting your account removes everything Helo keeps about you, at once and for good. You will be signed out
        everywhere.
      </MutedText>
      <div>
        <DialogFrame
          wide
          open={open}
          onOpenChange={setOpen}
          trigger={<Button variant="danger">Delete my account…</Button>}
          title="Delete your account?"
          description="This cannot be undone. Everything you keep in Helo is deleted:"
        >
          <ul className={styles.lost}>
            {LOST.map((what) => (
              <li key={what}>{what}</li>
            ))}
          </ul>
          <p className={styles.exportFirst}>Want a copy? Download your data before you delete your account.</p>
          <DownloadDataButton />
          {open && <ConfirmDeletion />}
        </DialogFrame>
      </div>
    </Panel>
  );
}

/** The password, and a code when two-factor sign-in is on (the server asks for it then). */
function ConfirmDeletion() {
  const info = useCurrentUserQuery();
  if (info.isPending) return <Spinner label="Loading" />;
  if (info.isError) return <FormAlert>Your account could not be loaded. Please reload.</FormAlert>;
  return info.data.security.two_factor_enabled ? <WithCode /> : <PasswordOnly />;
}

const passwordOnly = deleteAccountBody.omit({ code: true });
const withCode = deleteAccountBody.extend({ code: codeField });

async function deleteAccount(body: { password: string; code?: string }) {
  expectFound(await api.del('/v1/account', messageOnly, body));
  // The server has ended every session of the account: nothing to tell it on the way out.
  await logout({ tellServer: false, to: ACCOUNT_DELETED_PATH });
}

function PasswordOnly() {
  const form = useApiForm(passwordOnly, deleteAccount);
  return (
    <DeletionForm onSubmit={form.onSubmit} formError={form.formError} busy={form.formState.isSubmitting}>
      <PasswordField error={form.formState.errors.password?.message} {...form.register('password')} />
    </DeletionForm>
  );
}

function WithCode() {
  const form = useApiForm(withCode, deleteAccount);
  return (
    <DeletionForm withCode onSubmit={form.onSubmit} formError={form.formError} busy={form.formState.isSubmitting}>
      <PasswordField error={form.formState.errors.password?.message} {...form.register('password')} />
      <TextField
        label="Authentication code"
        hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        autoComplete="one-time-code"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
    </DeletionForm>
  );
}

function PasswordField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return <TextField label="Your password" type="password" autoComplete="current-password" {...props} />;
}

function DeletionForm({
  onSubmit,
  formError,
  busy,
  withCode = false,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  withCode?: boolean;
  formError: string | null;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Form onSubmit={onSubmit} className={styles.confirm}>
      <p>To confirm it is you, enter your password{withCode ? ' and a code' : ''}.</p>
      <FormAlert>{formError}</FormAlert>
      {children}
      <DialogActions>
        <Button type="submit" variant="danger" loading={busy}>
          Delete my account
        </Button>
      </DialogActions>
    </Form>
  );
}
