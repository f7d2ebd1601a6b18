import type { EmergencyFundEntry } from '@helo/contract/emergency-fund';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { entryLabel } from './fund-format.ts';
import { useDeleteEntry } from './use-emergency-fund.ts';

/**
 * Asks before deleting an entry (an accessible dialog: the focus stays inside, Escape cancels).
 * A refusal (a deposit that later withdrawals spent: 409) is said inside the dialog, where the
 * focus is; everything outside it, the toasts included, is hidden from screen readers while it is
 * open. Radix returns the focus only to a Dialog.Trigger, which a row's button is not: on closing,
 * the focus goes to `focusOnClose(deleted)`, the row's button, or after a delete (the row and its
 * button are gone) somewhere near.
 */
export function DeleteEntryDialog({
  entry,
  onClose,
  focusOnClose,
}: {
  entry: EmergencyFundEntry | null;
  onClose: () => void;
  focusOnClose: (deleted: boolean) => HTMLElement | null;
}) {
  const remove = useDeleteEntry();
  const [error, setError] = useState<string | null>(null);
  const deleted = useRef(false);

  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };

  const confirm = async () => {
    if (!entry) return;
    setError(null);
    try {
      const result = await remove.mutateAsync(entry.id);
      deleted.current = true;
      close();
      toastSuccess(result.message, 'Entry deleted', TOAST_MS.long);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <ConfirmDialog
      open={entry !== null}
      onOpenChange={(open) => !open && close()}
      title={`Delete this ${entry?.kind === 'withdrawal' ? 'withdrawal' : 'deposit'}?`}
      description={entry && `The ${entryLabel(entry)} is removed from your history and your balance.`}
      error={error}
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={confirm}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        focusOnClose(deleted.current)?.focus();
        deleted.current = false;
      }}
    />
  );
}
