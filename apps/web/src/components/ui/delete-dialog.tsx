import { useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * "Delete …?" for a record opened from its card's Delete button: the delete runs on confirming,
 * its success is toasted (the server's words, else `deletedText`), a refusal is said inside the
 * dialog, where the focus is. The card says where the focus goes on closing (`onClose`) and after
 * a delete (`onDeleted`, by default the same), so Radix does not move it.
 */
export function DeleteDialog({
  open,
  onClose,
  onDeleted = onClose,
  title,
  description,
  confirmLabel,
  deletedText,
  remove,
}: {
  open: boolean;
  onClose: () => void;
  onDeleted?: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  deletedText: string;
  /** The delete call (a mutation's mutateAsync, isPending and reset). */
  remove: { run: () => Promise<{ message?: string | null }>; pending: boolean; reset: () => void };
}) {
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    setError(null);
    try {
      const result = await remove.run();
      toastSuccess(result.message, deletedText, TOAST_MS.long);
      onDeleted();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && close()}
      title={title}
      description={description}
      error={error}
      confirmLabel={confirmLabel}
      pending={remove.pending}
      onConfirm={confirm}
      onCloseAutoFocus={(event) => event.preventDefault()}
    />
  );
}
