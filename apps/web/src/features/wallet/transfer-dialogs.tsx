import { TRANSACTION_NOTE_MAX, type WalletTransaction } from '@helo/contract/wallet';
import { type FormEvent, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CurrencyField } from '../../components/ui/currency-field.tsx';
import { DeleteDialog } from '../../components/ui/delete-dialog.tsx';
import { DialogActions, FormDialog } from '../../components/ui/dialog.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDay, formatDollars } from '../../lib/display-format.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { useAccounts } from './accounts/use-accounts.ts';
import { PairCandidates } from './pair-dialogs.tsx';
import styles from './transaction-fields.module.css';
import {
  blankTransfer,
  type TransferValues,
  transferBodyOf,
  transferForm,
  transferUpdateBodyOf,
  transferValuesOf,
} from './transfer-values.ts';
import { useAddTransfer, useDeleteTransfer, useMakeTransfer, useUnlink, useUpdateTransfer } from './use-wallet.ts';

const FIELD_ORDER: (keyof TransferValues)[] = ['from_account_id', 'to_account_id', 'date', 'amount', 'note'];
type TransferFormOf = ReturnType<typeof useTransferForm>;

function useTransferForm(defaultValues: TransferValues, save: (values: TransferValues) => Promise<void>) {
  return useApiForm(transferForm, save, { defaultValues });
}

function submitOf(form: TransferFormOf) {
  return async (event: FormEvent<HTMLFormElement>) => {
    await form.onSubmit(event);
    const first = FIELD_ORDER.find((name) => form.getFieldState(name).error !== undefined);
    if (first) form.setFocus(first);
  };
}

/** From, to, when, how much and a note: money moved between two of the user's accounts. */
function TransferFields({ form }: { form: UseFormReturn<TransferValues, unknown, TransferValues> }) {
  const accounts = useAccounts();
  const choices = (accounts.data ?? []).map((a) => ({ value: a.id, text: a.name }));
  const {
    control,
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <div className={styles.row}>
        <SelectField
          label="From"
          none="Choose an account"
          choices={choices}
          error={errors.from_account_id?.message}
          {...register('from_account_id')}
        />
        <SelectField
          label="To"
          none="Choose an account"
          choices={choices}
          error={errors.to_account_id?.message}
          {...register('to_account_id')}
        />
      </div>
      <div className={styles.row}>
        <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
        <CurrencyField control={control} name="amount" label="Amount" error={errors.amount?.message} />
      </div>
      <TextField
        label="Note (optional)"
        maxLength={TRANSACTION_NOTE_MAX}
        error={errors.note?.message}
        {...register('note')}
      />
    </>
  );
}

/**
 * 'Record a transfer': money moved from one of the user's accounts to another. It changes both
 * balances and is never income nor spending. `from` is the account the list shows, if any.
 */
export function AddTransferDialog({
  open,
  onClose,
  today,
  from,
}: {
  open: boolean;
  onClose: () => void;
  today: string;
  from: string;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title="Record a transfer">
      <AddTransferForm onClose={onClose} today={today} from={from} />
    </FormDialog>
  );
}

function AddTransferForm({ onClose, today, from }: { onClose: () => void; today: string; from: string }) {
  const add = useAddTransfer();
  const form = useTransferForm(blankTransfer(today, from), async (values) => {
    try {
      const result = await add.mutateAsync(transferBodyOf(values));
      toastSuccess(result.message, 'Transfer recorded', TOAST_MS.long);
      onClose();
    } catch (error) {
      showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
      throw error;
    }
  });
  return (
    <Form onSubmit={submitOf(form)}>
      <p>Money moved between your own accounts is never income nor spending: both balances change, nothing else.</p>
      <TransferFields form={form} />
      <FormAlert>{form.formError}</FormAlert>
      <DialogActions>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Record transfer
        </Button>
      </DialogActions>
    </Form>
  );
}

/** A transfer's edit, saved from the version read (a stale one is said in the form, in the server's words). */
export function EditTransferDialog({
  transaction,
  open,
  onClose,
}: {
  transaction: WalletTransaction;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title="Edit the transfer">
      <EditTransferForm transaction={transaction} onClose={onClose} />
    </FormDialog>
  );
}

function EditTransferForm({ transaction, onClose }: { transaction: WalletTransaction; onClose: () => void }) {
  const update = useUpdateTransfer(transaction.id);
  const form = useTransferForm(transferValuesOf(transaction), async (values) => {
    const result = await update.mutateAsync(transferUpdateBodyOf(values, transaction.version));
    toastSuccess(result.message, 'Transfer saved', TOAST_MS.long);
    onClose();
  });
  return (
    <Form onSubmit={submitOf(form)}>
      <TransferFields form={form} />
      <FormAlert>{form.formError}</FormAlert>
      <DialogActions>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Save changes
        </Button>
      </DialogActions>
    </Form>
  );
}

export function DeleteTransferDialog({
  transaction,
  open,
  onClose,
  onDeleted,
  title,
}: {
  transaction: WalletTransaction;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
  title: string;
}) {
  const remove = useDeleteTransfer(transaction.id);
  return (
    <DeleteDialog
      open={open}
      onClose={onClose}
      onDeleted={onDeleted}
      title={`Delete “${title}”?`}
      description={`The ${formatDollars(Math.abs(transaction.amount))} of ${formatDay(transaction.date)} goes back: both accounts' balances follow.`}
      confirmLabel="Delete transfer"
      deletedText="Transfer deleted"
      remove={{ run: () => remove.mutateAsync(), pending: remove.isPending, reset: remove.reset }}
    />
  );
}

/**
 * 'It's a transfer': a transaction (an imported −$500 that went to savings) becomes a transfer between
 * its account and another of the user's, so it is no longer spending or income; or, when the other
 * side is in Helo already (the savings file's +$500), the two are paired into one transfer.
 */
export function MakeTransferDialog({
  transaction,
  names,
  open,
  onClose,
  onPaired,
}: {
  transaction: WalletTransaction;
  names: ReadonlyMap<string, string>;
  open: boolean;
  onClose: () => void;
  onPaired: () => void;
}) {
  const accounts = useAccounts();
  const others = (accounts.data ?? []).filter((a) => a.id !== transaction.account_id);
  const [account, setAccount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const make = useMakeTransfer(transaction.id);
  const out = transaction.amount < 0;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (account === '') {
      setError('Choose the other account');
      return;
    }
    try {
      const result = await make.mutateAsync({ account_id: account, version: transaction.version });
      toastSuccess(result.message, 'Turned into a transfer', TOAST_MS.long);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <FormDialog open={open} onClose={onClose} title={`“${transaction.payee}” is a transfer`}>
      <Form onSubmit={submit}>
        <p>
          The {formatDollars(Math.abs(transaction.amount))} of {formatDay(transaction.date)}{' '}
          {out ? 'went to' : 'came from'} another of your accounts: it is then neither spending nor income, and that
          account's balance follows.
        </p>
        <SelectField
          label={out ? 'Went to' : 'Came from'}
          none="Choose an account"
          choices={others.map((a) => ({ value: a.id, text: a.name }))}
          value={account}
          error={error ?? undefined}
          onChange={(e) => setAccount(e.target.value)}
        />
        <DialogActions>
          <Button type="submit" loading={make.isPending}>
            Turn into a transfer
          </Button>
        </DialogActions>
      </Form>
      <PairCandidates transaction={transaction} names={names} open={open} onPaired={onPaired} />
    </FormDialog>
  );
}

/** Asks before unlinking a bank row from the Money Nest deposit it was recognised as. */
export function UnlinkDialog({
  transaction,
  open,
  onClose,
  onUnlinked,
}: {
  transaction: WalletTransaction;
  open: boolean;
  onClose: () => void;
  onUnlinked: () => void;
}) {
  const unlink = useUnlink(transaction.id);
  return (
    <DeleteDialog
      open={open}
      onClose={onClose}
      onDeleted={onUnlinked}
      title={`Unlink “${transaction.payee}”?`}
      description={`It stops being your Money Nest deposit's and becomes income of its own: the ${formatDollars(transaction.amount)} is added to its account, and counted in your income and net worth next to the deposit. The deposit stays in the Money Nest.`}
      confirmLabel="Unlink"
      deletedText="Unlinked from the Money Nest deposit"
      remove={{ run: () => unlink.mutateAsync(), pending: unlink.isPending, reset: unlink.reset }}
    />
  );
}
