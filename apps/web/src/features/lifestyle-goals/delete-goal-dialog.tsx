import type { LifestyleGoal } from '@helo/contract/lifestyle-goals';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { formatDollars } from '../emergency-fund/fund-format.ts';
import styles from './goal-dialog.module.css';
import { useDeleteGoal } from './use-lifestyle-goals.ts';

/** Asks before deleting a goal and its history; a refusal is said inside the dialog, where the focus is. */
export function DeleteGoalDialog({ goal, open, onClose }: { goal: LifestyleGoal; open: boolean; onClose: () => void }) {
  const remove = useDeleteGoal(goal.id);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    setError(null);
    try {
      const result = await remove.mutateAsync();
      toastSuccess(result.message, 'Goal deleted', TOAST_MS.long);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(isOpen) => !isOpen && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} onCloseAutoFocus={(event) => event.preventDefault()}>
          <Dialog.Title className={styles.title}>Delete “{goal.name}”?</Dialog.Title>
          <Dialog.Description className={styles.description}>
            The goal and its history of deposits and withdrawals are deleted. The {formatDollars(goal.saved_amount)} it
            holds is only a record here: no real money moves.
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
              Delete goal
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
