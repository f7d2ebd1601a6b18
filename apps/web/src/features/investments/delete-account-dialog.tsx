import type { InvestmentAccount } from '@helo/contract/investments';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { useDeleteAccount } from './use-investments.ts';

/** Asks before deleting an account and its history; a refusal is said inside the dialog, where the focus is. */
export function DeleteAccountDialog({
  account,
  open,
  onClose,
  onDeleted,
}: {
  account: InvestmentAccount;
  open: boolean;
  onClose: () => void;
  /** The card and its buttons are gone: the page says where the focus goes. */
  onDeleted: () => void;
}) {
  const remove = useDeleteAccount(account.id);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    setError(null);
    try {
      const result = await remove.mutateAsync(account.version);
      toastSuccess(result.message, 'Account deleted', TOAST_MS.long);
      onDeleted();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && close()}
      title={`Delete “${account.name}”?`}
      description="The account and its balance history leave your plan and its projection. This is only a record here: nothing happens to the real account."
      error={error}
      confirmLabel="Delete account"
      pending={remove.isPending}
      onConfirm={confirm}
      onCloseAutoFocus={(event) => event.preventDefault()}
    />
  );
}
