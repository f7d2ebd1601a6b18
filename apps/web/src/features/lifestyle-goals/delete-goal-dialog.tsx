import type { LifestyleGoal } from '@helo/contract/lifestyle-goals';
import { DeleteDialog } from '../../components/ui/delete-dialog.tsx';
import { formatDollars } from '../../lib/display-format.ts';
import { useDeleteGoal } from './use-lifestyle-goals.ts';

/** Asks before deleting a goal and its history. */
export function DeleteGoalDialog({ goal, open, onClose }: { goal: LifestyleGoal; open: boolean; onClose: () => void }) {
  const remove = useDeleteGoal(goal.id);
  return (
    <DeleteDialog
      open={open}
      onClose={onClose}
      title={`Delete “${goal.name}”?`}
      description={`The goal and its history of deposits and withdrawals are deleted. The ${formatDollars(goal.saved_amount)} it holds is only a record here: no real money moves.`}
      confirmLabel="Delete goal"
      deletedText="Goal deleted"
      remove={{ run: () => remove.mutateAsync(), pending: remove.isPending, reset: remove.reset }}
    />
  );
}
