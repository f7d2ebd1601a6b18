import type { WalletTransaction } from '@helo/contract/wallet';
import type { InfiniteData } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { StaleAlert } from '../../components/layout/stale-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DeleteDialog } from '../../components/ui/delete-dialog.tsx';
import { DialogActions, FormDialog } from '../../components/ui/dialog.tsx';
import { formatDay } from '../../lib/display-format.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { useStaleSave } from '../../lib/stale-save.ts';
import { showToast, TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import styles from './transaction-dialogs.module.css';
import { TransactionFields } from './transaction-fields.tsx';
import {
  blankTransaction,
  signedDollars,
  type TransactionValues,
  transactionBodyOf,
  transactionForm,
  transactionUpdateBodyOf,
  transactionValuesOf,
} from './transaction-values.ts';
import { useAddTransaction, useDeleteTransaction, useUpdateTransaction } from './use-wallet.ts';

const FIELD_ORDER: (keyof TransactionValues)[] = [
  'account_id',
  'date',
  'payee',
  'direction',
  'amount',
  'category',
  'note',
];

type TransactionForm = ReturnType<typeof useTransactionForm>;

function useTransactionForm(defaultValues: TransactionValues, save: (values: TransactionValues) => Promise<void>) {
  return useApiForm(transactionForm, save, { defaultValues });
}

/** The form's submit: after a refusal, the first field the server named takes the focus. */
function submitOf(form: TransactionForm) {
  return async (event: FormEvent<HTMLFormElement>) => {
    await form.onSubmit(event);
    const first = FIELD_ORDER.find((name) => form.getFieldState(name).error?.type === 'server');
    if (first) form.setFocus(first);
  };
}

/**
 * 'Add a transaction': spending (or money in) entered by hand, dated today unless changed, in `account`
 * (the account the list shows, else the Wallet).
 */
export function AddTransactionDialog({
  open,
  onClose,
  today,
  account,
}: {
  open: boolean;
  onClose: () => void;
  today: string;
  account: string;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title="Add a transaction">
      <AddForm onClose={onClose} today={today} account={account} />
    </FormDialog>
  );
}

function AddForm({ onClose, today, account }: { onClose: () => void; today: string; account: string }) {
  const add = useAddTransaction();
  const form = useTransactionForm(blankTransaction(today, account), async (values) => {
    try {
      const result = await add.mutateAsync(transactionBodyOf(values));
      toastSuccess(result.message, 'Transaction added', TOAST_MS.long);
      onClose();
    } catch (error) {
      showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
      throw error;
    }
  });
  return (
    <Form onSubmit={submitOf(form)}>
      <TransactionFields form={form} />
      <FormAlert>{form.formError}</FormAlert>
      <DialogActions>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Add transaction
        </Button>
      </DialogActions>
    </Form>
  );
}

type TransactionPages = InfiniteData<{ data: WalletTransaction[] }>;

/**
 * A transaction's edit, saved with the version the list read. Changed meanwhile (another tab: 409),
 * it says so and offers to read it again, which replaces what was typed here (or closes, when it is
 * gone). `listKey` is the list's query, where the fresh copy is found.
 */
export function EditTransactionDialog({
  transaction,
  open,
  onClose,
  listKey,
}: {
  transaction: WalletTransaction;
  open: boolean;
  onClose: () => void;
  listKey: readonly unknown[];
}) {
  return (
    <FormDialog open={open} onClose={onClose} title={`Edit “${transaction.payee}”`}>
      <EditForm transaction={transaction} onClose={onClose} listKey={listKey} />
    </FormDialog>
  );
}

function EditForm({
  transaction,
  onClose,
  listKey,
}: {
  transaction: WalletTransaction;
  onClose: () => void;
  listKey: readonly unknown[];
}) {
  const update = useUpdateTransaction(transaction.id);
  const { stale, save, reload } = useStaleSave();
  const form = useTransactionForm(transactionValuesOf(transaction), (values) =>
    save(async () => {
      const result = await update.mutateAsync(transactionUpdateBodyOf(values, transaction.version));
      toastSuccess(result.message, 'Transaction saved', TOAST_MS.long);
      onClose();
    }),
  );
  const reloadTransaction = () =>
    reload<TransactionPages>(listKey, (data) => {
      const fresh = data?.pages.flatMap((page) => page.data).find((t) => t.id === transaction.id);
      if (fresh) form.reset(transactionValuesOf(fresh));
      else onClose(); // deleted meanwhile
    });
  return (
    <>
      {/* The way out of a stale save is Reload: the focus goes there, next to the reason. */}
      {stale && <StaleAlert message={stale} onReload={reloadTransaction} focusOnShow />}
      <Form onSubmit={submitOf(form)}>
        {/* The bank's own words, read-only: the payee above them is the name shown (and can be changed). */}
        {transaction.original_payee && (
          <MutedText small>
            Bank’s description: <span className={styles.bankWords}>{transaction.original_payee}</span>
          </MutedText>
        )}
        <TransactionFields form={form} keep={{ month: transaction.date.slice(0, 7), category: transaction.category }} />
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

/** Asks before deleting a transaction; the balance and the month's spending follow. */
export function DeleteTransactionDialog({
  transaction,
  open,
  onClose,
  onDeleted,
}: {
  transaction: WalletTransaction;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteTransaction(transaction.id);
  return (
    <DeleteDialog
      open={open}
      onClose={onClose}
      onDeleted={onDeleted}
      title={`Delete “${transaction.payee}”?`}
      description={`The ${signedDollars(transaction.amount)} of ${formatDay(transaction.date)} is removed from its account, its balance and the month's spending.`}
      confirmLabel="Delete transaction"
      deletedText="Transaction deleted"
      remove={{ run: () => remove.mutateAsync(), pending: remove.isPending, reset: remove.reset }}
    />
  );
}
