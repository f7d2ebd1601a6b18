import type { LifestyleGoal } from '@helo/contract/lifestyle-goals';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDollars } from '../../lib/display-format.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
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
    <ConfirmDialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && close()}
      title={`Delete “${goal.name}”?`}
      description={`The goal and its history of deposits and withdrawals are deleted. The ${formatDollars(goal.saved_amount)} it holds is only a record here: no real money moves.`}
      error={error}
      confirmLabel="Delete goal"
      pending={remove.isPending}
      onConfirm={confirm}
      onCloseAutoFocus={(event) => event.preventDefault()}
    />
  );
}
