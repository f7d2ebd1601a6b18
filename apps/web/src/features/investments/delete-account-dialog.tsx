import type { InvestmentAccount } from '@helo/contract/investments';
import { DeleteDialog } from '../../components/ui/delete-dialog.tsx';
import { useDeleteAccount } from './use-investments.ts';

/** Asks before deleting an account and its history. */
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
  return (
    <DeleteDialog
      open={open}
      onClose={onClose}
      onDeleted={onDeleted}
      title={`Delete “${account.name}”?`}
      description="The account and its balance history leave your plan and its projection. This is only a record here: nothing happens to the real account."
      confirmLabel="Delete account"
      deletedText="Account deleted"
      remove={{ run: () => remove.mutateAsync(account.version), pending: remove.isPending, reset: remove.reset }}
    />
  );
}
