import type { Budget } from '@helo/contract/budgets';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { monthLabel } from './budget-values.ts';
import styles from './delete-month-dialog.module.css';
import { useDeleteBudget } from './use-budgets.ts';

/**
 * 'Delete this month' and its confirmation (an accessible dialog: the focus stays inside, Escape
 * cancels). A refusal is said inside the dialog, where the focus is. After a delete the page shows
 * another month, or sends the user to the setup when none is left.
 */
export function DeleteMonthDialog({ budget, onDeleted }: { budget: Budget; onDeleted: () => void }) {
  const remove = useDeleteBudget();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = monthLabel(budget.month);

  const confirm = async () => {
    setError(null);
    try {
      const result = await remove.mutateAsync(budget);
      setOpen(false);
      toastSuccess(result.message, 'Budget deleted', TOAST_MS.long);
      onDeleted();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setError(null);
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="danger">Delete {label}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>Delete the budget of {label}?</Dialog.Title>
          <Dialog.Description className={styles.description}>
            Its income and every category are removed. Other months are kept.
          </Dialog.Description>
          {error && (
            <Notice tone="error" role="alert">
              {error}
            </Notice>
          )}
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button variant="danger" loading={remove.isPending} onClick={confirm}>
              Delete
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
