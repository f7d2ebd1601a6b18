import type { Account } from '@helo/contract/accounts';
import { type FormEvent, useState } from 'react';
import { Form } from '../../../components/layout/form.tsx';
import { FormAlert } from '../../../components/layout/form-alert.tsx';
import { Notice } from '../../../components/layout/notice.tsx';
import { StaleAlert } from '../../../components/layout/stale-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions, DialogFrame, FormDialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { browserDay } from '../../../lib/calendar.ts';
import { useApiForm } from '../../../lib/forms.ts';
import { useStaleSave } from '../../../lib/stale-save.ts';
import { TOAST_MS, toastSuccess } from '../../../lib/toast.ts';
import { ACCOUNT_FIELD_ORDER, AccountFields } from './account-fields.tsx';
import {
  type AccountValues,
  accountBodyOf,
  accountForm,
  accountUpdateBodyOf,
  accountValuesOf,
  blankAccount,
} from './account-values.ts';
import { ACCOUNTS_KEY, useAddAccount, useDeleteAccount, useUpdateAccount } from './use-accounts.ts';

type AccountForm = ReturnType<typeof useAccountForm>;

function useAccountForm(defaultValues: AccountValues, save: (values: AccountValues) => Promise<void>) {
  return useApiForm(accountForm, save, { defaultValues });
}

/** The form's submit: after a refusal, the first field in error takes the focus. */
function submitOf(form: AccountForm) {
  return async (event: FormEvent<HTMLFormElement>) => {
    await form.onSubmit(event);
    const first = ACCOUNT_FIELD_ORDER.find((name) => form.getFieldState(name).error);
    if (first) form.setFocus(first);
  };
}

/** 'Add an account': a checking or savings account, a card or cash, with what it held when you start. */
export function AddAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose} title="Add an account">
      <AddForm onClose={onClose} />
    </FormDialog>
  );
}

function AddForm({ onClose }: { onClose: () => void }) {
  const [today] = useState(() => browserDay());
  const add = useAddAccount();
  const form = useAccountForm(blankAccount(today), async (values) => {
    const result = await add.mutateAsync(accountBodyOf(values));
    toastSuccess(result.message, 'Account added', TOAST_MS.long);
    onClose();
  });
  return (
    <Form onSubmit={submitOf(form)}>
      <AccountFields form={form} editing={false} today={today} />
      <FormAlert>{form.formError}</FormAlert>
      <DialogActions>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Add account
        </Button>
      </DialogActions>
    </Form>
  );
}

/**
 * An account's edit, saved with the version the page read; changed meanwhile (another tab: 409), it
 * says so and offers to read it again, which replaces what was typed here.
 */
export function EditAccountDialog({
  account,
  open,
  onClose,
}: {
  account: Account;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title={`Edit “${account.name}”`}>
      <EditForm account={account} onClose={onClose} />
    </FormDialog>
  );
}

function EditForm({ account, onClose }: { account: Account; onClose: () => void }) {
  const [today] = useState(() => browserDay());
  const update = useUpdateAccount(account.id);
  const { stale, save, reload } = useStaleSave();
  const form = useAccountForm(accountValuesOf(account, today), (values) =>
    save(async () => {
      const result = await update.mutateAsync(accountUpdateBodyOf(values, account.version));
      toastSuccess(result.message, 'Account saved', TOAST_MS.long);
      onClose();
    }),
  );
  const reloadAccount = () =>
    reload<Account[]>(ACCOUNTS_KEY, (data) => {
      const fresh = data?.find((a) => a.id === account.id);
      if (fresh) form.reset(accountValuesOf(fresh, today));
      else onClose(); // deleted meanwhile
    });
  return (
    <>
      {/* The way out of a stale save is Reload: the focus goes there, next to the reason. */}
      {stale && <StaleAlert message={stale} onReload={reloadAccount} focusOnShow />}
      <Form onSubmit={submitOf(form)}>
        <AccountFields form={form} editing today={today} />
        <FormAlert>{form.formError}</FormAlert>
        <DialogActions>
          {!stale && (
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save changes
            </Button>
          )}
        </DialogActions>
      </Form>
    </>
  );
}

/**
 * Asks before deleting an account, and where its transactions go (another of the user's accounts,
 * the Wallet first). An account that had any is kept, hidden, for its history: nothing is erased.
 */
export function DeleteAccountDialog({
  account,
  others,
  open,
  onClose,
  onDeleted,
}: {
  account: Account;
  /** The accounts its transactions can move to. */
  others: readonly Account[];
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteAccount(account.id);
  const [moveTo, setMoveTo] = useState(others[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    setError(null);
    try {
      const result = await remove.mutateAsync(moveTo || undefined);
      toastSuccess(result.message, 'Account deleted', TOAST_MS.long);
      onDeleted();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <DialogFrame
      open={open}
      onOpenChange={(isOpen) => !isOpen && close()}
      title={`Delete “${account.name}”?`}
      description="Its transactions move to the account you choose, with their categories and dates. What it held when you started goes with it. This is only a record here: nothing happens to the real account."
      onCloseAutoFocus={(event) => event.preventDefault()}
    >
      {others.length > 0 && (
        <SelectField
          label="Move its transactions to"
          choices={others.map((a) => ({ value: a.id, text: a.name }))}
          value={moveTo}
          onChange={(e) => setMoveTo(e.target.value)}
        />
      )}
      {error && (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      )}
      <DialogActions>
        <Button variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
          Delete account
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
