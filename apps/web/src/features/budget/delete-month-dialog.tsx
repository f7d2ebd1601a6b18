import type { Budget } from '@helo/contract/budgets';
import { monthLabel } from '@helo/finance/calendar';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
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
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setError(null);
        setOpen(next);
      }}
      trigger={<Button variant="danger">Delete {label}</Button>}
      title={`Delete the budget of ${label}?`}
      description="Its income and every category are removed. Other months are kept."
      error={error}
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
